// The prompt as the model saw it — the system text, then each piece coloured by the slot that wrote it,
// with its sha256 and whether it matches the stored receipt — the model's answer and the validation
// statuses. The prompt hop's lines are highlighted and scrolled into view.
import { useEffect, useRef } from 'react';
import type { Hop, LensModelAnswer, LensPrompt } from '../../lens/types.js';
import { scrollWithin, slotColor } from './format.js';

export interface PromptViewProps {
  prompt: LensPrompt | null;
  attempts: number;
  answer: LensModelAnswer;
  validation: Record<string, unknown>;
  highlight: Hop['prompt'] | undefined;
}

export function PromptView({ prompt, attempts, answer, validation, highlight }: PromptViewProps) {
  const litRef = useRef<HTMLSpanElement>(null);
  const textRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    scrollWithin(textRef.current, litRef.current);
  }, [highlight]);
  const statuses = (validation.statuses as string[] | undefined) ?? [];
  return (
    <section className="panel prompt" aria-label="Prompt and answer" data-testid="lens-prompt">
      <header>
        <h3>Prompt as the model saw it</h3>
        <span className="muted">
          {attempts > 1 ? `attempt ${prompt?.attempt ?? 0} of ${attempts} (the one that counted)` : 'one model call'}
        </span>
      </header>
      {prompt ? (
        <div className="prompt-text" ref={textRef}>
          <div className="piece" style={{ borderColor: '#55607d' }}>
            <div className="piece-head">
              <span className="slot">system</span>
              <code className="muted">{prompt.systemHash.slice(0, 12)}</code>
            </div>
            <pre>{prompt.system}</pre>
          </div>
          {prompt.pieces.map((piece) => (
            <div key={piece.index} className="piece" style={{ borderColor: slotColor(piece.slot) }} data-slot={piece.slot}>
              <div className="piece-head">
                <span className="slot" style={{ color: slotColor(piece.slot) }}>
                  {piece.slot}
                </span>
                <span className="muted">{piece.section}</span>
                <code className="muted">{piece.hash.slice(0, 12)}</code>
                <span className={`badge ${piece.matches ? 'ok' : 'bad'}`} title={piece.storedHash ?? 'no stored hash'}>
                  {piece.matches ? 'hash ✓' : 'hash ✗'}
                </span>
              </div>
              <pre>
                {piece.text.split('\n').map((line, i) => {
                  const lit = highlight && highlight.pieceIndex === piece.index && i >= highlight.fromLine && i <= highlight.toLine;
                  return (
                    <span
                      key={i}
                      className={lit ? 'line lit' : 'line'}
                      ref={lit && i === highlight.fromLine ? litRef : undefined}
                      data-lit={lit ? 'true' : undefined}
                    >
                      {line}
                      {'\n'}
                    </span>
                  );
                })}
              </pre>
            </div>
          ))}
        </div>
      ) : (
        <p className="muted">No prompt was assembled at this step.</p>
      )}
      <div className="answer" data-testid="lens-answer">
        <h4>Model answer</h4>
        <pre>{answer.text ?? '(no answer)'}</pre>
        {answer.attempts.length > 1 ? (
          <ul>
            {answer.attempts.map((a) => (
              <li key={a.attempt}>
                attempt {a.attempt}: {a.status} <code>{a.text ?? ''}</code>
              </li>
            ))}
          </ul>
        ) : null}
        <p className="muted">{answer.note}</p>
        <h4>Validation</h4>
        <p>
          {statuses.map((s, i) => (
            <span key={i} className={`badge ${s === 'ok' ? 'ok' : 'warn'}`}>
              {s}
            </span>
          ))}
          {validation.fallbackUsed ? <span className="badge bad">fallback: {String(validation.fallbackReason ?? '')}</span> : null}
        </p>
      </div>
    </section>
  );
}

// The game page's entry: wires the engine, the canvas renderer, the real-time driver, the keyboard,
// the pickers, the AI run loop and the two side panels to the DOM of index.html. Reads the URL
// (?pack, ?level, ?seed, ?tps, ?profile, ?god), window.__lodeRunnerAgentOptions and the server API;
// writes the page and, through the API, recordings. All rules live in the DOM-free modules it calls.
import { Game } from '../../game/game.js';
import { levelCount, levelText, listPacks } from '../../game/levels.js';
import { KEY } from '../../game/keys.js';
import { BoardRenderer } from '../render/board.js';
import { runAgent, type AgentRunResult } from './agentRun.js';
import { createApi, type PackSummary, type RecordingBody } from './api.js';
import { DEFAULT_SPEED, SPEEDS, pageOptionsFrom } from './config.js';
import { Driver, type Mode } from './driver.js';
import { HeldKeys, commandOf } from './keys.js';
import { canSaveUserGame, recordingRows, replayTarget, userRecordingBody, type RecordingRow } from './recordings.js';
import { afterGame, boardMessage, hudFigures, newSession, type Session } from './session.js';
import { AgentPanel } from './ui/agentPanel.js';
import { byId, h } from './ui/dom.js';
import { RecordingsPanel } from './ui/recordingsPanel.js';

declare global {
  interface Window {
    __lodeRunnerAgentOptions?: { modelProfile?: string };
    /** Read-only view of the page for end-to-end tests and the console. */
    __lodeRunnerPage?: PageProbe;
  }
}

interface PageProbe {
  readonly mode: Mode;
  readonly status: string;
  readonly tick: number;
  readonly runner: { x: number; y: number; xOffset: number; yOffset: number };
  readonly paused: boolean;
  readonly running: boolean;
  readonly lastRun: AgentRunResult | null;
  readonly replayEnd: { tick: number; status: string } | null;
}

const PACK_LABELS: Record<string, string> = {
  classic: 'Classic',
  championship: 'Championship',
  professional: 'Professional',
  revenge: 'Revenge',
  fanBook: 'Fan Book',
};

const api = createApi((input, init) => fetch(input, init));
const options = pageOptionsFrom(location.search);

const els = {
  pack: byId<HTMLSelectElement>('pack'),
  level: byId<HTMLInputElement>('level'),
  levelCount: byId('level-count'),
  prev: byId<HTMLButtonElement>('prev-level'),
  next: byId<HTMLButtonElement>('next-level'),
  speed: byId<HTMLSelectElement>('speed'),
  god: byId<HTMLInputElement>('god'),
  restart: byId<HTMLButtonElement>('restart'),
  pause: byId<HTMLButtonElement>('pause'),
  save: byId<HTMLButtonElement>('save-recording'),
  aiRun: byId<HTMLButtonElement>('ai-run'),
  aiStop: byId<HTMLButtonElement>('ai-stop'),
  canvas: byId<HTMLCanvasElement>('board'),
  godBadge: byId('god-badge'),
  message: byId('board-message'),
  status: byId('page-status'),
  recLevel: byId('rec-level'),
  hud: {
    score: byId('hud-score'),
    gold: byId('hud-gold'),
    time: byId('hud-time'),
    lives: byId('hud-lives'),
    mode: byId('hud-mode'),
  },
};

let packs: PackSummary[] = listPacks();
let playData = options.playData ?? 1;
let level = options.level ?? 1;
let godMode = options.god;
let session: Session = newSession();
let gameOver = false;
let saved = false;
let run: { controller: AbortController; runId: string; closingRecording: ((detail: string) => RecordingBody) | null } | null = null;
let lastRun: AgentRunResult | null = null;
let replayEnd: { tick: number; status: string } | null = null;
let lastFrameKey = '';
let frameGame: Game | null = null;

const ctx = els.canvas.getContext('2d');
if (!ctx) throw new Error('this browser has no 2D canvas');
const renderer = new BoardRenderer(ctx);
const agentPanel = new AgentPanel();
const recordingsPanel = new RecordingsPanel({ replay: startReplay, remove: removeRecording });
const held = new HeldKeys();

function newGame(): Game {
  const seed = options.seed ?? Math.floor(Math.random() * 0x7fffffff);
  return Game.fromLevel(playData, level, { seed, godMode });
}

const driver = new Driver(newGame(), options.ticksPerSecond ?? DEFAULT_SPEED, { onFrame: drawFrame, onEnd: onGameEnd });

function setStatus(text: string, kind: 'info' | 'error' = 'info'): void {
  els.status.textContent = text;
  els.status.dataset.kind = kind;
}

function drawFrame(game: Game): void {
  const s = game.state;
  const key = `${driver.mode}|${s.tick}|${s.status}|${driver.paused}|${gameOver}|${replayEnd ? 1 : 0}|${session.lives}`;
  if (key === lastFrameKey && game === frameGame) return;
  lastFrameKey = key;
  frameGame = game;
  const snap = game.snapshot();
  renderer.draw(snap);
  const hud = hudFigures(snap, session, driver.mode);
  els.hud.score.textContent = hud.score;
  els.hud.gold.textContent = hud.gold;
  els.hud.time.textContent = hud.time;
  els.hud.lives.textContent = hud.lives;
  els.hud.mode.textContent = `${driver.mode === 'ai' ? 'agent' : driver.mode}${snap.godMode ? ' · god mode' : ''}`;
  els.pause.setAttribute('aria-pressed', String(driver.paused));
  els.pause.textContent = driver.paused ? 'Resume' : 'Pause';
  els.godBadge.hidden = !snap.godMode;
  const message = boardMessage(snap, driver.mode, { paused: driver.paused, gameOver, replayEnded: replayEnd !== null });
  els.message.hidden = message === null;
  if (message !== null && els.message.textContent !== message) els.message.textContent = message;
  els.save.disabled = saved || !canSaveUserGame(game, driver.mode);
}

function onGameEnd(game: Game, mode: Mode): void {
  if (mode === 'play') {
    const next = afterGame(session, game.status, game.state.score);
    session = next.session;
    gameOver = next.gameOver;
    saved = false;
    setStatus(
      game.status === 'finish' ? 'Level cleared. You can save this game as a recording.' : 'You can save this game as a recording.',
    );
  } else if (mode === 'replay') {
    replayEnd = { tick: game.state.tick, status: game.status };
  }
  lastFrameKey = '';
}

function loop(now: number): void {
  driver.frame(now);
  requestAnimationFrame(loop);
}

// ---------------------------------------------------------------- level, speed, god mode

function fillPickers(): void {
  els.pack.replaceChildren(...packs.map((p) => h('option', { value: p.playData }, `${PACK_LABELS[p.name] ?? p.name} (${p.levelCount})`)));
  els.pack.value = String(playData);
  const speeds: number[] = [...SPEEDS];
  if (options.ticksPerSecond !== null && !speeds.includes(options.ticksPerSecond)) speeds.push(options.ticksPerSecond);
  els.speed.replaceChildren(
    ...speeds.map((s) =>
      h('option', { value: s }, `${s} ticks/s${s === DEFAULT_SPEED ? ' (normal)' : SPEEDS.includes(s as never) ? '' : ' (custom)'}`),
    ),
  );
  els.speed.value = String(driver.clock.ticksPerSecond);
  els.god.checked = godMode;
}

function countOf(pd: number): number {
  return packs.find((p) => p.playData === pd)?.levelCount ?? levelCount(pd);
}

function loadLevel(pd: number, lvl: number): void {
  playData = pd;
  level = Math.max(1, Math.min(countOf(pd), lvl));
  els.pack.value = String(playData);
  els.level.value = String(level);
  els.level.max = String(countOf(playData));
  els.levelCount.textContent = `of ${countOf(playData)}`;
  els.recLevel.textContent = `· ${PACK_LABELS[packs[playData - 1]?.name ?? ''] ?? 'pack ' + playData} ${level}`;
  const url = new URL(location.href);
  url.searchParams.set('pack', String(playData));
  url.searchParams.set('level', String(level));
  history.replaceState(null, '', url);
  restartPlay();
  void refreshRecordings();
}

function restartPlay(): void {
  if (run) return;
  if (gameOver) session = newSession();
  gameOver = false;
  saved = false;
  replayEnd = null;
  held.clear();
  renderer.setLevel(levelText(playData, level));
  driver.load(newGame(), 'play');
  setStatus('');
}

function setBusy(busy: boolean): void {
  for (const el of [els.pack, els.level, els.prev, els.next, els.god, els.restart, els.aiRun]) el.disabled = busy;
  els.aiStop.disabled = !busy;
  document.body.classList.toggle('ai-running', busy);
}

// ---------------------------------------------------------------- recordings

let recordingsToken = 0;
async function refreshRecordings(): Promise<void> {
  const token = ++recordingsToken;
  const [pd, lvl] = [playData, level];
  recordingsPanel.loading();
  try {
    const records = await api.records(pd, lvl);
    if (token === recordingsToken) recordingsPanel.show(recordingRows(records));
  } catch (error) {
    if (token === recordingsToken) recordingsPanel.failed(`Recordings could not be loaded: ${(error as Error).message}`);
  }
}

async function saveUserGame(): Promise<void> {
  const game = driver.game;
  if (!canSaveUserGame(game, driver.mode) || saved) return;
  els.save.disabled = true;
  try {
    await api.saveRecording(playData, level, userRecordingBody(game));
    saved = true;
    setStatus('Your game was saved as a recording.');
    await refreshRecordings();
  } catch (error) {
    setStatus(`Saving failed: ${(error as Error).message}`, 'error');
  }
  lastFrameKey = '';
}

function startReplay(row: RecordingRow): void {
  if (run) return;
  held.clear();
  replayEnd = null;
  gameOver = false;
  renderer.setLevel(levelText(playData, level));
  driver.load(Game.forDemo(playData, row.demo), 'replay', replayTarget(row.demo));
  setStatus(`Replaying the ${row.source} recording of ${row.when} (${row.ticks} ticks, ${row.result}). R returns to play.`);
  els.canvas.focus();
}

async function removeRecording(row: RecordingRow): Promise<void> {
  try {
    const result = await api.deleteRecording(playData, level, row.id);
    setStatus(result.traceDeleted ? 'Deleted the recording and its trace.' : 'Deleted the recording.');
  } catch (error) {
    setStatus(`Delete failed: ${(error as Error).message}`, 'error');
  }
  await refreshRecordings();
}

// ---------------------------------------------------------------- AI run

async function startAiRun(): Promise<void> {
  if (run) return;
  const controller = new AbortController();
  const runId = crypto.randomUUID();
  run = { controller, runId, closingRecording: null };
  setBusy(true);
  held.clear();
  gameOver = false;
  replayEnd = null;
  const game = newGame();
  renderer.setLevel(levelText(playData, level));
  driver.load(game, 'ai');
  setStatus('The agent is playing…');
  try {
    lastRun = await runAgent({
      api,
      game,
      playData,
      level,
      runId,
      profileQuery: options.profile,
      profileWindowOption: window.__lodeRunnerAgentOptions?.modelProfile,
      playTicks: (keyCode, ticks, signal) => driver.playTicks(keyCode, ticks, signal),
      signal: controller.signal,
      onStart: ({ profile, configError }) => agentPanel.started(runId, profile, configError),
      onStep: (view) => agentPanel.showStep(view),
      onClosable: (closingRecording) => {
        if (run?.runId === runId) run.closingRecording = closingRecording;
      },
    });
    const ok = lastRun.result === 'success';
    const text = ok
      ? `cleared the level at tick ${lastRun.ticks} in ${lastRun.steps} steps`
      : `${lastRun.reason.replace(/_/g, ' ')} after ${lastRun.steps} steps (tick ${lastRun.ticks})`;
    agentPanel.finished(text, ok, lastRun.saveError ? `The recording was not saved: ${lastRun.saveError}` : lastRun.failureDetail, runId);
    setStatus(
      lastRun.saveError
        ? `The run ended but its recording was not saved: ${lastRun.saveError}`
        : `The run ended (${lastRun.result}); its recording is saved.`,
    );
  } catch (error) {
    agentPanel.finished('the run stopped with an error', false, (error as Error).message, runId);
    setStatus(`The AI run failed: ${(error as Error).message}`, 'error');
  } finally {
    run = null;
    setBusy(false);
    lastFrameKey = '';
    await refreshRecordings();
  }
}

function stopAiRun(): void {
  if (!run) return;
  setStatus('Stopping the run and saving it as a failure…');
  run.controller.abort();
  if (driver.paused) driver.setPaused(false);
}

// A page closed (or navigated away) mid-run cannot await the run loop: its failure recording goes out
// with a keepalive request, so the run is finalized (saved with the reason, its trace closed).
window.addEventListener('pagehide', () => {
  if (!run?.closingRecording) return;
  const [pd, lvl] = [playData, level];
  const reason = 'the page was closed during the run';
  api.saveRecordingOnClose(pd, lvl, run.closingRecording(reason));
  // The loop's own save (if the page lives long enough to send it) then says the same.
  run.controller.abort(reason);
});

// ---------------------------------------------------------------- keyboard and buttons

function isFormField(target: EventTarget | null): boolean {
  return target instanceof HTMLInputElement || target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement;
}

function togglePause(): void {
  driver.setPaused(!driver.paused);
}

window.addEventListener('keydown', (e) => {
  if (isFormField(e.target) || e.ctrlKey || e.metaKey || e.altKey) return;
  const command = commandOf(e.code);
  if (command === 'pause') {
    e.preventDefault();
    if (!e.repeat) togglePause();
    return;
  }
  if (command === 'restart') {
    e.preventDefault();
    if (!e.repeat && !run) restartPlay();
    return;
  }
  if (e.code === 'KeyN' && driver.mode === 'play' && driver.game.status === 'finish') {
    e.preventDefault();
    loadLevel(playData, level < countOf(playData) ? level + 1 : 1);
    return;
  }
  const keyCode = held.down(e.code, e.repeat);
  if (keyCode === null) return;
  e.preventDefault();
  if (driver.paused && driver.mode === 'play') togglePause();
  driver.press(keyCode);
});

window.addEventListener('keyup', (e) => {
  if (isFormField(e.target)) return;
  const keyCode = held.up(e.code);
  if (keyCode !== null) {
    e.preventDefault();
    driver.press(keyCode);
  }
});

window.addEventListener('blur', () => {
  held.clear();
  if (driver.mode === 'play' && driver.game.status === 'running') driver.press(KEY.STOP);
});

els.pack.addEventListener('change', () => {
  loadLevel(Number(els.pack.value), 1);
  els.canvas.focus();
});
els.level.addEventListener('change', () => {
  const n = Number(els.level.value);
  if (Number.isInteger(n)) loadLevel(playData, n);
  els.canvas.focus();
});
els.prev.addEventListener('click', () => loadLevel(playData, level > 1 ? level - 1 : countOf(playData)));
els.next.addEventListener('click', () => loadLevel(playData, level < countOf(playData) ? level + 1 : 1));
els.speed.addEventListener('change', () => {
  driver.setSpeed(Number(els.speed.value));
  els.canvas.focus();
});
els.god.addEventListener('change', () => {
  godMode = els.god.checked;
  restartPlay();
  setStatus(
    godMode
      ? 'God mode is on: guards cannot hurt the runner (holes still can). The level restarted.'
      : 'God mode is off. The level restarted.',
  );
  els.canvas.focus();
});
els.restart.addEventListener('click', () => {
  restartPlay();
  els.canvas.focus();
});
els.pause.addEventListener('click', () => {
  togglePause();
  els.canvas.focus();
});
els.save.addEventListener('click', () => void saveUserGame());
els.aiRun.addEventListener('click', () => void startAiRun());
els.aiStop.addEventListener('click', stopAiRun);
byId<HTMLFormElement>('controls').addEventListener('submit', (e) => e.preventDefault());

window.__lodeRunnerPage = {
  get mode() {
    return driver.mode;
  },
  get status() {
    return driver.game.status;
  },
  get tick() {
    return driver.game.state.tick;
  },
  get runner() {
    const r = driver.game.state.runner;
    return { x: r.x, y: r.y, xOffset: r.xOffset, yOffset: r.yOffset };
  },
  get paused() {
    return driver.paused;
  },
  get running() {
    return run !== null;
  },
  get lastRun() {
    return lastRun;
  },
  get replayEnd() {
    return replayEnd;
  },
};

// ---------------------------------------------------------------- start

fillPickers();
agentPanel.idle();
loadLevel(playData, level);
requestAnimationFrame(loop);
els.canvas.focus();
api.levels().then(
  (fromServer) => {
    if (fromServer.length > 0) {
      packs = fromServer;
      fillPickers();
      els.levelCount.textContent = `of ${countOf(playData)}`;
    }
  },
  () => setStatus('The level list could not be loaded from the server; using the built-in packs.'),
);

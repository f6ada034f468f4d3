// The stages' one way to read a state key: a tracked read (the recorders see the same onRead as
// for `scope.key`) that returns the raw value instead of footprintjs' live proxy. Reads: the stage's
// scope. Writes nothing. Why: the proxy costs an allocation per key read and a silent state lookup
// per field access; stages only read plain values and never mutate what they read (read values are
// borrowed from committed state).
import type { TypedScope } from 'footprintjs';

/** The value of `key` as committed (or as this stage wrote it), typed by the state. Do not mutate it. */
export function read<S extends object, K extends keyof S & string>(scope: TypedScope<S>, key: K): S[K] {
  return scope.$getValue(key) as S[K];
}

// The engine's public surface: import from here, not from the rule files.
export * from './constants.js';
export * from './keys.js';
export * from './game.js';
export * from './levels.js';
export * from './schemas.js';
export { parseLevel, LevelFormatError } from './level.js';
export { EngineStateError } from './serialize.js';
export type { GameState, GuardState, Mover, GameStatus, DeathCause } from './state.js';

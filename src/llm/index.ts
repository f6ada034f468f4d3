// The provider layer's public surface, re-exported in one place for the planning chart and the server.
// No logic here.
export * from './provider.js';
export * from './profiles.js';
export * from './dotenv.js';
export * from './createProvider.js';
export * from './openaiProvider.js';
export * from './replayProvider.js';
export * from './debugLog.js';
export * from './secrets.js';
export { localPolicy, LOCAL_POLICY_NAME } from './localPolicy.js';

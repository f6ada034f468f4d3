// Worker process of `eval --cause`: answers one failed level's point of no return per message.
import { serveTasks } from '../runner/pool.js';
import { causeForEpisode, type CauseEpisodeTask, type EpisodeCause } from './causeForEpisode.js';

serveTasks<CauseEpisodeTask, EpisodeCause>(causeForEpisode);

import type { SnapshotFrom } from 'xstate';
import { choiceReady } from '../../domain/runs/run-judges';
import type { rescoreRunMachine } from './rescore-run.machine';

export type RescoreRunSnapshot = SnapshotFrom<typeof rescoreRunMachine>;

export const selectRescoring = (snapshot: RescoreRunSnapshot) => snapshot.hasTag('busy');
/** Why the last rescore was refused. */
export const selectRescoreError = (snapshot: RescoreRunSnapshot) => snapshot.context.error;
/** Whose ratings and which rule are being chosen. */
export const selectChoosing = (snapshot: RescoreRunSnapshot) => snapshot.hasTag('choosing');
export const selectChoice = (snapshot: RescoreRunSnapshot) => snapshot.context.choice;
/** Picking raters needs one at least. */
export const selectChoiceReady = (snapshot: RescoreRunSnapshot) => choiceReady(snapshot.context.choice);
/** The golden set's raters to pick from; null while they are read. */
export const selectRaters = (snapshot: RescoreRunSnapshot) => snapshot.context.raters;
export const selectRatersError = (snapshot: RescoreRunSnapshot) => snapshot.context.ratersError;

import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { adjudicateMachine } from './adjudicate.machine';
import type { agreementTabMachine } from './agreement-tab.machine';
import { agreementState } from '../../domain/golden-sets/agreement-text';

type AgreementTabSnapshot = SnapshotFrom<typeof agreementTabMachine>;

export type AgreementView = 'hidden' | 'loading' | 'failed' | 'empty' | 'tooFew' | 'ready';

export function selectAgreementView(snapshot: AgreementTabSnapshot): AgreementView {
  if (!snapshot.hasTag('shown')) return 'hidden';
  if (snapshot.hasTag('loading')) return 'loading';
  if (snapshot.hasTag('failed') || snapshot.context.agreement === null) return 'failed';
  return agreementState(snapshot.context.agreement);
}

export const selectAgreementShown = (snapshot: AgreementTabSnapshot) => snapshot.hasTag('shown');
export const selectAgreement = (snapshot: AgreementTabSnapshot) => snapshot.context.agreement;
export const selectAgreementError = (snapshot: AgreementTabSnapshot) => snapshot.context.error;
export const selectOpenPair = (snapshot: AgreementTabSnapshot) => snapshot.context.openPair;
export const selectOpenDisagreement = (snapshot: AgreementTabSnapshot) => snapshot.context.openDisagreement;
/** The adjudication of the disagreement opened, while one is. */
export const selectAdjudication = (snapshot: AgreementTabSnapshot) =>
  snapshot.children.adjudicate as ActorRefFrom<typeof adjudicateMachine> | undefined;

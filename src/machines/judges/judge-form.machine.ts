import { EMPTY_JUDGE_FIELDS, isJudgeReady, judgeRequest, type JudgeFields, type JudgeRequest } from '../../domain/judges/judge-form';
import type { ModelJudge } from '../../domain/judges/model-judge-types';
import { messageOf } from '../../domain/shared/error-message';
import { formDialogMachine } from '../shared/form-dialog.machine';

// On /model-judges, the judge's form (shared/form-dialog.machine.ts): 'New model judge' opens it empty, a row's
// Edit with the judge's settings (its api key blank: left so, the stored one stays). A refusal (a taken name's
// 409, a base URL off MODEL_JUDGE_HOSTS, a template without {query}) keeps it open with the server's message. On
// success the list reloads.

export const judgeFormMachine = formDialogMachine<JudgeFields, JudgeRequest, ModelJudge>({
  id: 'judgeForm',
  sending: 'saving',
  submitId: 'saveJudge',
  empty: EMPTY_JUDGE_FIELDS,
  requestOf: judgeRequest,
  failureOf: messageOf,
}).provide({
  guards: { isReady: (_, { fields }: { fields: JudgeFields }) => isJudgeReady(fields) },
});

import { fromPromise } from 'xstate';
import { accountsPageMachine, ACCOUNTS_FILTER } from '../machines/admin/accounts-page.machine';
import { addAccountMachine } from '../machines/admin/add-account.machine';
import { auditPageMachine } from '../machines/admin/audit-page.machine';
import { changeRoleMachine, type RoleChange } from '../machines/admin/change-role.machine';
import { demoDataRemovalMachine } from '../machines/admin/demo-data-removal.machine';
import { confirmModalMachine, type ConfirmSubject } from '../machines/shared/confirm-modal.machine';
import { fileExportMachine, type FileExportRequest } from '../machines/shared/file-export.machine';
import { resetPasswordMachine, type PasswordReset } from '../machines/admin/reset-password.machine';
import type { Account, NewAccount } from '../domain/admin/account-types';
import type { SubmitInput } from '../machines/shared/form-dialog.machine';
import { AUDIT_FILTER, auditAddress } from '../domain/admin/audit-filters';
import type { DownloadedFile } from '../domain/experiments/evaluation-backend-types';
import type { ConsoleDeps } from './console-deps';
import { pagedList } from './paged-lists';

// What admins manage: the /accounts and /audit pages, bound to the accounts and audit calls, the downloads and
// the address bar, and the dashboard's demo data panel.
export function createAdminLogic({
  accounts,
  audit,
  demoData,
  files,
  router,
}: Pick<ConsoleDeps, 'accounts' | 'audit' | 'demoData' | 'files' | 'router'>) {
  return {
    accountsPage: accountsPageMachine.provide({
      actors: {
        // Accounts are known by their username: the Remove confirmation's subject carries it as its name.
        list: pagedList(router, {
          fetchPage: ({ page, pageSize, filter }) => accounts.accountRows({ page, pageSize }, { search: filter.search }),
          filterNames: ACCOUNTS_FILTER,
        }).provide({
          actors: {
            confirmDelete: confirmModalMachine.provide({
              actors: {
                performAction: fromPromise<void, { subject: ConfirmSubject }>(({ input }) => accounts.removeAccount(input.subject.name)),
              },
            }),
          },
        }),
        addAccount: addAccountMachine.provide({
          actors: { submit: fromPromise<Account, SubmitInput<NewAccount>>(({ input }) => accounts.createAccount(input.request)) },
        }),
        changeRole: changeRoleMachine.provide({
          actors: { saveRole: fromPromise(({ input }: { input: RoleChange }) => accounts.changeAccountRole(input.username, input.role)) },
        }),
        resetPassword: resetPasswordMachine.provide({
          actors: {
            submit: fromPromise<void, SubmitInput<PasswordReset>>(({ input: { request } }) =>
              accounts.resetAccountPassword(request.username, request.password),
            ),
          },
        }),
      },
    }),
    auditPage: auditPageMachine.provide({
      actors: {
        list: pagedList(router, {
          fetchPage: ({ page, pageSize, filter }) => audit.auditRows({ page, pageSize }, filter),
          filterNames: AUDIT_FILTER,
        }),
        fileExport: fileExportMachine.provide({
          actors: { fetchExport: fromPromise(({ input }: { input: FileExportRequest }) => audit.exportAuditTrail(input.query ?? {})) },
          actions: { saveFile: (_, file: DownloadedFile) => files.save(file) },
        }),
      },
      actions: { showFilters: (_, { filter }: { filter: Record<string, string> }) => router.navigate(auditAddress(filter)) },
    }),
    demoDataRemoval: demoDataRemovalMachine.provide({
      actors: { fetchState: fromPromise(() => demoData.demoDataState()), removeDemoData: fromPromise(() => demoData.removeDemoData()) },
    }),
  };
}

import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { Database } from '../db/database';
import { isRole, ROLES, type Role } from '../auth/roles';
import { AccountError, addAccount, listAccounts, removeAccount, setPassword, setRole, type Changer } from '../identity/accounts';

export type AccountCommand = 'add' | 'passwd' | 'remove' | 'list' | 'role';

export interface AccountRequest {
  command: AccountCommand;
  username?: string;
  password?: string;
  /** add (viewer when absent) and role. */
  role?: string;
}

/** Who the audit trail names for what the command line changes. */
const CLI_ACTOR: Changer = { sub: 'cli', name: 'npm run user' };

export function checkRole(role: string | undefined): Role {
  if (!isRole(role)) throw new AccountError(`A role is ${ROLES.join(', ')}; got "${role ?? ''}"`);
  return role;
}

/** Runs one account command; the answer is what the CLI prints. */
export async function runAccountCommand(db: Database, { command, username = '', password = '', role }: AccountRequest): Promise<string> {
  switch (command) {
    case 'add': {
      const asked = checkRole(role ?? 'viewer');
      const added = await addAccount(db, CLI_ACTOR, username, password, asked);
      const first = added.role !== asked ? ', as the first account' : '';
      return `Added account "${username}" (${added.role}${first})`;
    }
    case 'role': {
      const { account, previous } = await setRole(db, CLI_ACTOR, username, checkRole(role));
      return previous === account.role
        ? `"${username}" is already ${previous}`
        : `Changed the role of "${username}": ${previous} → ${account.role}`;
    }
    case 'passwd':
      await setPassword(db, CLI_ACTOR, username, password);
      return `Changed the password of "${username}"`;
    case 'remove':
      await removeAccount(db, CLI_ACTOR, username);
      return `Removed account "${username}"`;
    case 'list':
      return (await listAccounts(db)).map((account) => `${account.username}\t${account.role}`).join('\n');
    default:
      throw new AccountError(`Unknown command "${String(command)}"`);
  }
}

async function readJson(req: IncomingMessage): Promise<AccountRequest> {
  let text = '';
  for await (const chunk of req) text += chunk;
  return JSON.parse(text) as AccountRequest;
}

const reply = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

/** The admin socket's handler in the running server: `POST /accounts`. */
export function accountAdminHandler(db: Database): RequestListener {
  return (req, res) => {
    if (req.method !== 'POST' || req.url !== '/accounts') return reply(res, 404, { message: 'Unknown admin request' });
    readJson(req)
      .then((command) => runAccountCommand(db, command))
      .then((message) => reply(res, 200, { message }))
      .catch((error: unknown) =>
        reply(res, error instanceof AccountError ? error.status : 500, { message: error instanceof Error ? error.message : String(error) }),
      );
  };
}

import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { Queryable } from '../db/database';
import { AccountError, addAccount, listAccounts, removeAccount, setPassword } from '../identity/accounts';

export type AccountCommand = 'add' | 'passwd' | 'remove' | 'list';

export interface AccountRequest {
  command: AccountCommand;
  username?: string;
  password?: string;
}

/** Runs one account command; the answer is what the CLI prints. */
export async function runAccountCommand(db: Queryable, { command, username = '', password = '' }: AccountRequest): Promise<string> {
  switch (command) {
    case 'add':
      await addAccount(db, username, password);
      return `Added account "${username}"`;
    case 'passwd':
      await setPassword(db, username, password);
      return `Changed the password of "${username}"`;
    case 'remove':
      await removeAccount(db, username);
      return `Removed account "${username}"`;
    case 'list':
      return (await listAccounts(db)).join('\n');
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
export function accountAdminHandler(db: Queryable): RequestListener {
  return (req, res) => {
    if (req.method !== 'POST' || req.url !== '/accounts') return reply(res, 404, { message: 'Unknown admin request' });
    readJson(req)
      .then((command) => runAccountCommand(db, command))
      .then((message) => reply(res, 200, { message }))
      .catch((error: unknown) =>
        reply(res, error instanceof AccountError ? 400 : 500, { message: error instanceof Error ? error.message : String(error) }),
      );
  };
}

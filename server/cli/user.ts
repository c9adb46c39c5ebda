import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { readConfig } from '../config';
import { openDatabase } from '../storage/open-database';
import { AccountError } from '../identity/accounts';
import { runAccountCommand, type AccountRequest } from '../admin/account-admin';
import { parseUserArgs, USAGE, UsageError } from './user-args';
import { askDataDirOwner, claimDataDir, DataDirBusyError } from '../admin/data-dir-lock';

async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) {
    let text = '';
    for await (const chunk of process.stdin) text += chunk;
    return text.split(/\r?\n/)[0];
  }
  const muted = new Writable({ write: (_chunk, _encoding, done) => done() });
  const ask = async (prompt: string) => {
    process.stdout.write(prompt);
    const rl = createInterface({ input: process.stdin, output: muted, terminal: true });
    const answer = await new Promise<string>((resolve) => rl.question('', resolve));
    rl.close();
    process.stdout.write('\n');
    return answer;
  };
  const first = await ask('Password: ');
  if ((await ask('Repeat it: ')) !== first) throw new AccountError('The passwords differ');
  return first;
}

async function run(request: AccountRequest): Promise<string> {
  const config = readConfig();
  if (!config.databaseUrl) {
    // The server holds the embedded database: ask it to do the work.
    const answer = await askDataDirOwner(config.dataDir, 'POST', '/accounts', request);
    if (answer) {
      const { message } = answer.body as { message: string };
      if (answer.status !== 200) throw new AccountError(message);
      return message;
    }
  }
  // Hold the folder like a server would, so that a server starting meanwhile stops instead of corrupting it.
  const lock = config.databaseUrl ? undefined : await claimDataDir(config.dataDir, 'npm run user');
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    return await runAccountCommand(db, request);
  } finally {
    await lock?.release();
    await db.close();
  }
}

async function main(args: string[]) {
  let request: AccountRequest;
  try {
    request = parseUserArgs(args);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`${error.message}\n${USAGE}`);
    return 2;
  }
  const needsPassword = request.command === 'add' || request.command === 'passwd';
  const password = needsPassword ? await readPassword() : undefined;
  console.log(await run({ ...request, password }));
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    const known = error instanceof AccountError || error instanceof DataDirBusyError;
    console.error(known ? (error as Error).message : error);
    process.exit(1);
  },
);

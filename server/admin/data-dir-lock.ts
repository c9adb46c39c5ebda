import { createServer, request, type RequestListener, type Server, type ServerResponse } from 'node:http';
import { chmod, mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { releaseLockFile, takeLockFile } from './lock-file';

/**
 * PGlite lets one process at a time open a data folder and keeps no lock of its own. The process
 * that holds the folder holds its lock file, and listens on a Unix socket inside it: the server's
 * admin channel (the `npm run user` CLI talks to the running server through it), which also tells
 * a later claim who holds the folder.
 */
export const adminSocketPath = (dataDir: string) => join(dataDir, 'admin.sock');
const lockFilePath = (dataDir: string) => join(dataDir, 'folder.lock');

export class DataDirBusyError extends Error {}

export interface AdminAnswer {
  status: number;
  body: unknown;
}

/** Sends one JSON request to whoever holds the folder; undefined when nobody answers. */
export function askDataDirOwner(dataDir: string, method: string, path: string, body?: unknown): Promise<AdminAnswer | undefined> {
  return new Promise((resolve) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = request(
      {
        socketPath: adminSocketPath(dataDir),
        method,
        path,
        headers: payload ? { 'content-type': 'application/json' } : {},
        timeout: 30_000,
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 500, body: text ? JSON.parse(text) : undefined }));
      },
    );
    req.on('error', () => resolve(undefined));
    req.on('timeout', () => req.destroy());
    req.end(payload);
  });
}

export interface DataDirLock {
  /** Answers admin requests with `handler` from now on (before: only `GET /owner`). */
  serve(handler: RequestListener): void;
  release(): Promise<void>;
}

const send = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

/** The folder, made 0700 whatever the umask: it holds password hashes and signing keys. */
async function makePrivateFolder(dataDir: string): Promise<void> {
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  await chmod(dataDir, 0o700);
}

/** Claims the folder for this process; throws DataDirBusyError when another process holds it. */
export async function claimDataDir(dataDir: string, owner: string): Promise<DataDirLock> {
  await makePrivateFolder(dataDir);
  const lockFile = lockFilePath(dataDir);
  const attempt = await takeLockFile(lockFile);
  if (!attempt.taken) {
    const current = await askDataDirOwner(dataDir, 'GET', '/owner');
    // Nobody answers: a holder still starting, or a pid reused by an unrelated process since a crash.
    const holder =
      (current?.body as { owner?: string } | undefined)?.owner ??
      `process ${attempt.holderPid} (if that is not a server or \`npm run user\`, delete ${lockFile})`;
    throw new DataDirBusyError(`The data folder ${dataDir} is in use by ${holder}: PGlite allows one process at a time`);
  }
  try {
    return await serveAdminSocket(dataDir, owner, lockFile);
  } catch (error) {
    await releaseLockFile(lockFile);
    throw error;
  }
}

async function serveAdminSocket(dataDir: string, owner: string, lockFile: string): Promise<DataDirLock> {
  const socketPath = adminSocketPath(dataDir);
  // The folder is ours: a socket file here is one left by a process that died.
  await rm(socketPath, { force: true });
  let handler: RequestListener | undefined;
  const server: Server = createServer((req, res) => {
    if (req.method === 'GET' && req.url === '/owner') return send(res, 200, { owner });
    if (!handler) return send(res, 503, { message: `${owner} is not ready yet; try again` });
    return handler(req, res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ path: socketPath }, resolve);
  });
  // Made with the umask's mode (the 0700 folder keeps others out meanwhile); whoever may connect manages the accounts.
  await chmod(socketPath, 0o600);
  server.unref();
  return {
    serve: (next) => {
      handler = next;
    },
    release: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await releaseLockFile(lockFile);
    },
  };
}

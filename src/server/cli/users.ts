/**
 * The `npm run users` process: reads DATABASE_URL (and PASSWORD_COST), opens the store (running
 * its migrations, so it works on an empty database before the server's first start), runs one
 * command and exits with its code. The password comes from standard input when that is not a
 * terminal (its first line), else from a prompt that does not echo.
 */
import { DEFAULT_PASSWORD_COST } from '../passwords';
import { DEFAULT_DATABASE_URL, passwordCostRange } from '../config';
import { commandConnection, openStore } from '../store/open-store';
import { EXIT, parseUsersArgs, runUsersCommand, USAGE, type UsersIo } from './users-command';

/** The first line of a piped standard input. */
function readLine(): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    const done = () => {
      process.stdin.off('data', onData);
      process.stdin.pause();
      resolve(text.split(/\r?\n/)[0] ?? '');
    };
    const onData = (chunk: string) => {
      text += chunk;
      if (text.includes('\n')) done();
    };
    process.stdin.setEncoding('utf8');
    process.stdin.on('data', onData);
    process.stdin.once('end', done);
    process.stdin.once('error', reject);
  });
}

/** A line typed at the terminal without echo (Enter ends it, Backspace works, Ctrl-C stops). */
function promptHidden(prompt: string): Promise<string> {
  return new Promise((resolve) => {
    const stdin = process.stdin;
    let typed = '';
    // Echo off before the prompt shows: typing that starts at the prompt is never echoed.
    stdin.setRawMode(true);
    process.stderr.write(prompt);
    stdin.setEncoding('utf8');
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n' || ch === '\u0004') {
          stdin.off('data', onData);
          stdin.setRawMode(false);
          stdin.pause();
          process.stderr.write('\n');
          resolve(typed);
          return;
        }
        if (ch === '\u0003') {
          stdin.setRawMode(false);
          process.stderr.write('\n');
          process.exit(130);
        }
        if (ch === '\u007f' || ch === '\b') typed = [...typed].slice(0, -1).join('');
        else typed += ch;
      }
    };
    stdin.on('data', onData);
    stdin.resume();
  });
}

const io: UsersIo = {
  async readPassword(name) {
    if (!process.stdin.isTTY) return readLine();
    const first = await promptHidden(`Password for ${name}: `);
    const again = await promptHidden('Again: ');
    if (first !== again) {
      process.stderr.write('users: the two passwords differ; nothing changed\n');
      process.exit(EXIT.refused);
    }
    return first;
  },
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
};

async function main(): Promise<number> {
  const command = parseUsersArgs(process.argv.slice(2));
  if ('error' in command) {
    io.err(`users: ${command.error}\n${USAGE}`);
    return EXIT.usage;
  }
  if (command.kind === 'help') {
    io.out(USAGE);
    return EXIT.ok;
  }
  const env = process.env;
  const databaseUrl = env['DATABASE_URL'] || DEFAULT_DATABASE_URL;
  if (!databaseUrl.startsWith('sqlite:') && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    io.err('users: DATABASE_URL: use sqlite:<path> or postgres://…');
    return EXIT.usage;
  }
  const [min, max] = passwordCostRange(env['NODE_ENV'] === 'production');
  const cost = Number(env['PASSWORD_COST'] || DEFAULT_PASSWORD_COST);
  if (!Number.isInteger(cost) || cost < min || cost > max) {
    io.err(
      `users: PASSWORD_COST: "${env['PASSWORD_COST'] ?? ''}" is not a whole number from ${min} to ${max}`,
    );
    return EXIT.usage;
  }
  const store = await openStore({
    databaseUrl,
    ...commandConnection(env),
    sqliteSynchronous: 'FULL',
    groupCommit: false,
    migrate: true,
  });
  try {
    return await runUsersCommand(command, store, io, cost);
  } finally {
    await store.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`users: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(EXIT.refused);
  },
);

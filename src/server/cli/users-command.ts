/**
 * `npm run users -- add NAME --role staff|manager | passwd NAME | disable NAME | enable NAME | list`
 * (docs/api.md#authentication): accounts against the store DATABASE_URL names. The command
 * itself, with its input and output injected; `users.ts` is the process around it. The arguments
 * are read by `node:util` `parseArgs` (so `--role=staff` works too, and an unknown option is a
 * usage error rather than a name).
 */
import { randomUUID } from 'node:crypto';
import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';
import { ROLES, type User } from '../../protocol/schemas';
import {
  judgeAccountChange,
  nameProblem,
  passwordProblem,
  refusalDetail,
  type AccountChange,
} from '../core/accounts';
import { hashPassword } from '../passwords';
import type { Store } from '../store/store';
import { assertNever } from '../../protocol/assert-never';

export const USAGE = `usage: npm run users -- <command>   (--help: this text)
  add NAME --role staff|manager   create a user (password from standard input or a prompt)
  passwd NAME                     set a new password (signs the user out everywhere)
  disable NAME                    the user can no longer sign in; their sessions end now
  enable NAME                     let a disabled user sign in again
  list                            every user, with role and status`;

/** Exit codes: 0 done, 1 refused (unknown user, name taken, bad password), 2 bad usage. */
export const EXIT = { ok: 0, refused: 1, usage: 2 } as const;

export type UsersCommand =
  | { kind: 'add'; name: string; role: User['role'] }
  | { kind: 'passwd' | 'disable' | 'enable'; name: string }
  | { kind: 'list' };

/** What the arguments ask for: a command, or `--help` (`-h`: the usage, exit 0, nothing opened). */
export type UsersArgs = UsersCommand | { kind: 'help' };

/** What `node:util` `parseArgs` reads: the one option, and `--help`. */
const OPTIONS = {
  role: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const satisfies ParseArgsOptionsConfig;

/** parseArgs' own refusals (its errors carry a `code`) in this command's words. */
function usageProblem(error: unknown): string {
  const code = (error as { code?: unknown }).code;
  const message = error instanceof Error ? error.message : String(error);
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    const option = /'([^']+)'/.exec(message)?.[1] ?? 'option';
    return `unknown option "${option}"`;
  }
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    return message.includes('--help')
      ? '--help takes no value'
      : '--role needs a value: staff or manager';
  }
  // Anything else parseArgs may say is a usage error all the same (exit 2, never a stack trace).
  return message;
}

export function parseUsersArgs(argv: readonly string[]): UsersArgs | { error: string } {
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    return { error: usageProblem(error) };
  }
  const { values, positionals } = parsed;
  if (values.help) return { kind: 'help' };
  const [command, name, ...extra] = positionals;
  const checkName = (): string | null =>
    name === undefined ? `${command ?? ''} needs a user NAME` : nameProblem(name);
  if (command !== 'add' && values.role !== undefined)
    return { error: `--role is only for add${command ? `, not ${command}` : ''}` };
  switch (command) {
    case 'add': {
      const problem = checkName();
      if (problem) return { error: problem };
      if (extra.length > 0) return { error: 'add takes one NAME' };
      const role = values.role;
      if (role === undefined) return { error: 'add needs --role staff|manager' };
      const known = ROLES.find((r) => r === role);
      if (!known) return { error: `--role must be staff or manager, not "${role}"` };
      return { kind: 'add', name: name ?? '', role: known };
    }
    case 'passwd':
    case 'disable':
    case 'enable': {
      const problem = checkName();
      if (problem) return { error: problem };
      if (extra.length > 0) return { error: `${command} takes one NAME` };
      return { kind: command, name: name ?? '' };
    }
    case 'list':
      return name === undefined ? { kind: 'list' } : { error: 'list takes no arguments' };
    case undefined:
      return { error: 'no command given' };
    default:
      return { error: `unknown command "${command}"` };
  }
}

export interface UsersIo {
  /** One password, read from standard input or prompted for without echo. */
  readPassword(name: string): Promise<string>;
  out(line: string): void;
  err(line: string): void;
}

export async function runUsersCommand(
  command: UsersCommand,
  store: Store,
  io: UsersIo,
  passwordCost: number,
): Promise<number> {
  const refused = (message: string) => {
    io.err(`users: ${message}`);
    return EXIT.refused;
  };
  const newHash = async (name: string): Promise<string | { problem: string }> => {
    const password = await io.readPassword(name);
    const problem = passwordProblem(password);
    return problem ? { problem } : hashPassword(password, passwordCost);
  };

  switch (command.kind) {
    case 'list': {
      const users = await store.listUsers();
      if (users.length === 0) io.out('no users yet: npm run users -- add NAME --role manager');
      for (const u of users) {
        io.out(`${u.name.padEnd(24)} ${u.role.padEnd(8)} ${u.disabled ? 'disabled' : 'active'}`);
      }
      return EXIT.ok;
    }
    case 'add': {
      if (await store.userByName(command.name)) return refused(`"${command.name}" already exists`);
      const hash = await newHash(command.name);
      if (typeof hash !== 'string') return refused(hash.problem);
      const added = await store.insertUser({
        id: randomUUID(),
        name: command.name,
        role: command.role,
        passwordHash: hash,
      });
      if (!added) return refused(`"${command.name}" already exists`);
      io.out(`added ${command.name} (${command.role})`);
      return EXIT.ok;
    }
    case 'passwd':
    case 'disable':
    case 'enable': {
      const user = await store.userByName(command.name);
      if (!user) return refused(`no user "${command.name}" (npm run users -- list)`);
      let change: AccountChange;
      if (command.kind === 'passwd') {
        const hash = await newHash(command.name);
        if (typeof hash !== 'string') return refused(hash.problem);
        change = { passwordHash: hash };
      } else {
        change = { disabled: command.kind === 'disable' };
      }
      // The app's rules (core/accounts.ts); the command line is nobody's own account.
      const result = await store.changeUser(command.name, change, (target, otherManagers) =>
        judgeAccountChange(null, target, change, otherManagers),
      );
      if (result.kind === 'not-found')
        return refused(`no user "${command.name}" (npm run users -- list)`);
      if (result.kind === 'refused') return refused(refusalDetail(result.refusal));
      io.out(
        command.kind === 'passwd'
          ? `password of ${user.name} changed; their sessions have ended`
          : command.kind === 'disable'
            ? `${user.name} is disabled; their sessions have ended`
            : `${user.name} may sign in again`,
      );
      return EXIT.ok;
    }
    default:
      return assertNever(command);
  }
}

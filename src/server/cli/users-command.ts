/**
 * `npm run users -- add NAME --role staff|manager | passwd NAME | disable NAME | enable NAME | list`
 * (docs/api.md#authentication): accounts against the store DATABASE_URL names. The command
 * itself, with its input and output injected; `users.ts` is the process around it.
 */
import { randomUUID } from 'node:crypto';
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

export const USAGE = `usage: npm run users -- <command>
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

export function parseUsersArgs(argv: readonly string[]): UsersCommand | { error: string } {
  const [command, ...rest] = argv;
  const name = rest[0];
  const checkName = (): string | null =>
    name === undefined || name.startsWith('--')
      ? `${command ?? ''} needs a user NAME`
      : nameProblem(name);
  switch (command) {
    case 'add': {
      const problem = checkName();
      if (problem) return { error: problem };
      const role = rest[1] === '--role' ? rest[2] : undefined;
      if (rest.length !== 3 || role === undefined)
        return { error: 'add needs --role staff|manager' };
      const known = ROLES.find((r) => r === role);
      if (!known) return { error: `--role must be staff or manager, not "${role}"` };
      return { kind: 'add', name: name ?? '', role: known };
    }
    case 'passwd':
    case 'disable':
    case 'enable': {
      const problem = checkName();
      if (problem) return { error: problem };
      if (rest.length !== 1) return { error: `${command} takes one NAME` };
      return { kind: command, name: name ?? '' };
    }
    case 'list':
      return rest.length === 0 ? { kind: 'list' } : { error: 'list takes no arguments' };
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

/**
 * People's accounts from the app (docs/api.md#peoples-accounts): `GET`/`POST /api/users` and
 * `PATCH /api/users/{name}`, for managers. The rules are `npm run users`' own
 * (core/accounts.ts); a change is judged inside its store transaction. Order of checks: sign-in
 * (401), role (403), the URL (400), the body (400), the person (404), the rules (409). Every
 * change is logged with who made it; never a password or its hash.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod/mini';
import { fieldErrors } from '../../protocol/field-errors';
import {
  AccountChangeRequest,
  NewAccountRequest,
  type Account,
  type AccountsResponse,
  type User,
} from '../../protocol/schemas';
import { safeText } from '../../protocol/text';
import {
  changeForLog,
  judgeAccountChange,
  nameProblem,
  passwordProblem,
  refusalDetail,
  type AccountChange,
} from '../core/accounts';
import { hashPassword } from '../passwords';
import type { StoredAccount } from '../store/store';
import type { AppDeps } from './deps';
import { refuse } from './problem';
import { parsePart } from './request-parts';

const NameParams = z.strictObject({ name: safeText() });

const wireAccount = (a: StoredAccount): Account => ({
  id: a.id,
  name: a.name,
  role: a.role,
  disabled: a.disabled,
  lastSignInAt: a.lastSignInAt === null ? null : new Date(a.lastSignInAt).toISOString(),
});

function body<T>(schema: z.core.$ZodType<T>, value: unknown, hint: string): T {
  const parsed = z.safeParse(schema, value);
  if (!parsed.success) throw refuse('invalid-request', hint, { errors: fieldErrors(parsed.error) });
  return parsed.data;
}

/** The field's rule, as a 400 with that field named. */
function ruleProblem(path: string, problem: string | null): void {
  if (problem) throw refuse('invalid-request', problem, { errors: [{ path, message: problem }] });
}

export const userRoutes =
  (deps: AppDeps): FastifyPluginAsync =>
  async (app) => {
    /** The signed-in manager, or the refusal (401, then 403). */
    async function manager(request: FastifyRequest): Promise<User> {
      const user = await request.user();
      if (user.role !== 'manager') throw refuse('forbidden', "people's accounts are for managers");
      return user;
    }

    /** Hashed as at sign-in: the configured cost, taking turns at the password gate. */
    const hash = (name: string, password: string) =>
      deps.passwordChecks.run(name.toLowerCase(), () =>
        hashPassword(password, deps.config.passwordCost),
      );

    app.get('/api/users', async (request) => {
      await manager(request);
      const users = await deps.store.listUsers();
      const answer: AccountsResponse = { users: users.map(wireAccount) };
      return answer;
    });

    app.post('/api/users', async (request, reply) => {
      const by = await manager(request);
      const wanted = body(
        NewAccountRequest,
        request.body,
        'send { "name", "role": "staff" | "manager", "password" }',
      );
      ruleProblem('name', nameProblem(wanted.name));
      ruleProblem('password', passwordProblem(wanted.password));
      const taken = () => refuse('conflict', `"${wanted.name}" already exists`);
      // Checked before the slow hash; the insert is the real check (two adds at once).
      if (await deps.store.userByName(wanted.name)) throw taken();
      const id = randomUUID();
      const passwordHash = await hash(wanted.name, wanted.password);
      const added = await deps.store.insertUser({
        id,
        name: wanted.name,
        role: wanted.role,
        passwordHash,
      });
      if (!added) throw taken();
      request.log.info(
        {
          account: {
            action: 'added',
            by: by.name,
            byId: by.id,
            user: wanted.name,
            userId: id,
            role: wanted.role,
          },
        },
        'account added',
      );
      const account: Account = {
        id,
        name: wanted.name,
        role: wanted.role,
        disabled: false,
        lastSignInAt: null,
      };
      return reply.code(201).send(account);
    });

    app.patch<{ Params: { name: string } }>('/api/users/:name', async (request) => {
      const by = await manager(request);
      const { name } = parsePart(
        NameParams,
        request.params,
        'the user name in the URL is not valid; see errors',
      );
      const wanted = body(
        AccountChangeRequest,
        request.body,
        'send { "role"?: "staff" | "manager", "disabled"?: true | false, "password"? }',
      );
      if (
        wanted.role === undefined &&
        wanted.disabled === undefined &&
        wanted.password === undefined
      )
        throw refuse('invalid-request', 'send at least one of "role", "disabled", "password"');
      if (wanted.password !== undefined) ruleProblem('password', passwordProblem(wanted.password));
      const notFound = () => refuse('not-found', `no user "${name}"`);
      // Checked before the slow hash; the change itself finds the person again in its transaction.
      if (!(await deps.store.userByName(name))) throw notFound();
      const change: AccountChange = {
        ...(wanted.role !== undefined ? { role: wanted.role } : {}),
        ...(wanted.disabled !== undefined ? { disabled: wanted.disabled } : {}),
        ...(wanted.password !== undefined
          ? { passwordHash: await hash(name, wanted.password) }
          : {}),
      };
      const result = await deps.store.changeUser(name, change, (target, otherManagers) =>
        judgeAccountChange(by.id, target, change, otherManagers),
      );
      switch (result.kind) {
        case 'not-found':
          throw notFound();
        case 'refused':
          throw refuse('conflict', refusalDetail(result.refusal));
        case 'changed':
          request.log.info(
            {
              account: {
                action: 'changed',
                by: by.name,
                byId: by.id,
                user: result.account.name,
                userId: result.account.id,
                ...changeForLog(change),
              },
            },
            'account changed',
          );
          return wireAccount(result.account);
      }
    });
  };

/** Sign in (`POST /api/session`) and out (`DELETE /api/session`). */
import type { FastifyPluginAsync } from 'fastify';
import { fieldErrors } from '../../protocol/field-errors';
import { SessionRequest, type SessionResponse } from '../../protocol/schemas';
import { dummyHash, hashPassword, needsRehash, verifyPassword } from '../passwords';
import type { AppDeps } from './deps';
import { identityFields } from './identity-fields';
import { isLoopbackAddress } from './loopback';
import { refuse } from './problem';

export const sessionRoutes =
  (deps: AppDeps): FastifyPluginAsync =>
  async (app) => {
    app.post('/api/session', async (request, reply) => {
      const parsed = SessionRequest.safeParse(request.body);
      if (!parsed.success) {
        throw refuse('invalid-request', 'send { "username", "password" }', {
          errors: fieldErrors(parsed.error),
        });
      }
      const { username, password } = parsed.data;
      // Counted before the slow check, so parallel guesses cannot buy more checks than the limit.
      const attempt = await deps.signInLimiter.reserve(username, request.ip);
      if (!attempt.allowed) {
        throw refuse('rate-limited', 'too many sign-in attempts; wait before trying again', {
          headers: { 'Retry-After': String(attempt.retryAfterSeconds) },
        });
      }
      const found = await deps.store.userByName(username);
      // Unknown and disabled users cost the same check, so timing does not tell them apart.
      const user = found?.disabled === false ? found : null;
      const cost = deps.config.passwordCost;
      // Checks take turns (../limits/password-gate.ts): a burst never holds the whole thread pool.
      const account = username.toLowerCase();
      const ok = await deps.passwordChecks.run(account, () =>
        verifyPassword(password, user?.passwordHash ?? dummyHash(cost)),
      );
      await attempt.settle(user !== null && ok);
      if (!user || !ok) throw refuse('unauthorized', 'wrong username or password');
      // An older, cheaper hash is replaced now that the password is at hand.
      if (needsRehash(user.passwordHash, cost)) {
        const upgraded = await deps.passwordChecks.run(account, () => hashPassword(password, cost));
        await deps.store.upgradePasswordHash(user.id, user.passwordHash, upgraded);
      }
      const token = await deps.sessions.create(user.id);
      const identity = identityFields(await deps.store.identity());
      const body: SessionResponse = {
        token,
        user: { id: user.id, name: user.name, role: user.role },
        // The same three tests as the tester routes, so the app never has to probe them (a 404).
        testerMode:
          deps.sim !== null &&
          user.role === 'manager' &&
          (deps.config.simulateAllowRemote || isLoopbackAddress(request.socket.remoteAddress)),
        ...identity,
      };
      return reply.code(200).send(body);
    });

    app.delete('/api/session', async (request, reply) => {
      await request.user();
      await deps.sessions.end(request.headers.authorization);
      return reply.code(204).send();
    });
  };

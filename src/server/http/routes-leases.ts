/** `POST /api/leases`: a block of operation ids with a server-verified deadline. */
import type { FastifyPluginAsync } from 'fastify';
import { fieldErrors } from '../../protocol/field-errors';
import { LeaseRequest, type LeaseResponse } from '../../protocol/schemas';
import { leaseView, newLeaseId, signLease, type LeaseClaims } from '../lease-token';
import type { AppDeps } from './deps';
import { identityFields } from './identity-fields';
import { refuse } from './problem';

export const leaseRoutes =
  (deps: AppDeps): FastifyPluginAsync =>
  async (app) => {
    app.post('/api/leases', async (request, reply) => {
      const user = await request.user();
      const parsed = LeaseRequest.safeParse(request.body);
      if (!parsed.success) {
        throw refuse('invalid-request', 'send { "deviceId" }', {
          errors: fieldErrors(parsed.error),
        });
      }
      const issuedAt = deps.clock.now();
      const claims: LeaseClaims = {
        id: newLeaseId(),
        userId: user.id,
        deviceId: parsed.data.deviceId,
        size: deps.config.leaseSize,
        issuedAt,
        deadline: issuedAt + deps.config.leaseTtlMs,
      };
      const [secret] = deps.operations.secrets;
      const body: LeaseResponse = {
        lease: leaseView(claims),
        token: signLease(claims, secret!),
        ...identityFields(await deps.store.identity()),
      };
      return reply.code(201).send(body);
    });
  };

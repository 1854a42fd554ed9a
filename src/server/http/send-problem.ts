/** A problem value as the response: status, problem+json body and its extra headers. */
import type { FastifyReply } from 'fastify';
import type { ProblemValue } from '../core/problem-value';
import { problemBody, problemStatus, PROBLEM_TYPE } from './problem';

export function sendProblem(reply: FastifyReply, problem: ProblemValue): FastifyReply {
  if (problem.headers) void reply.headers(problem.headers);
  return reply
    .code(problemStatus(problem.code))
    .type(PROBLEM_TYPE)
    .send(JSON.stringify(problemBody(problem)));
}

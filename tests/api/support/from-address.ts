/**
 * A sign-in sent from a chosen loopback source address (127.0.0.2, …): the server sees another
 * client address, which fetch cannot choose. Loopback only.
 */
import http from 'node:http';
import { parseJson } from './http';

export interface AddressedReply {
  status: number;
  retryAfter: string | undefined;
  body: unknown;
}

export function signInFrom(
  base: string,
  localAddress: string,
  username: string,
  password: string,
): Promise<AddressedReply> {
  const body = JSON.stringify({ username, password });
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${base}/api/session`,
      {
        method: 'POST',
        localAddress,
        agent: false,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => {
          const retryAfter = response.headers['retry-after'];
          resolve({ status: response.statusCode ?? 0, retryAfter, body: parseJson(text) });
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

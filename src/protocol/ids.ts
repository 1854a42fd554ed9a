/** Operation ids are `<lease.id>.<seq>`: the lease grants `size` of them, seq in 0..size-1. */
export function operationId(leaseId: string, seq: number): string {
  return `${leaseId}.${seq}`;
}

export function parseOperationId(id: string): { leaseId: string; seq: number } | null {
  const dot = id.lastIndexOf('.');
  if (dot <= 0) return null;
  const seq = Number(id.slice(dot + 1));
  if (!Number.isSafeInteger(seq) || seq < 0) return null;
  return { leaseId: id.slice(0, dot), seq };
}

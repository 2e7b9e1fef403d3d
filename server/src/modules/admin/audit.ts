import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { newId } from '../../lib/tokens.js';
import type { SessionUser } from '../sessions/store.js';

export type AuditRecord = {
  action: string;
  targetType: 'user' | 'product' | 'order' | 'upload' | 'page';
  targetId: string;
  details?: Record<string, unknown>;
};

/** Writes one audit entry; pass the action's transaction so both land or neither does. */
export async function recordAudit(
  db: Kysely<Database>,
  actor: SessionUser,
  now: string,
  record: AuditRecord,
) {
  await db
    .insertInto('audit_log')
    .values({
      id: newId(),
      actor_id: actor.id,
      actor_email: actor.email,
      action: record.action,
      target_type: record.targetType,
      target_id: record.targetId,
      details: JSON.stringify(record.details ?? {}),
      created_at: now,
    })
    .execute();
}

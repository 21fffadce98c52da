/**
 * The data of an event's payload (docs/decisions/webhooks.md): the public fields of the record it is about, read in
 * the event's transaction through the owning module's face, written through core's payload schemas (so a field
 * not listed there never leaves), with its page in the app for an administrator.
 */
import { linkTo } from '../../../core/activity/links';
import { todayIn } from '../../../core/time';
import type { EventSubject } from '../../../core/webhooks/events';
import { accountData, countData, itemData, repairData, requestData, unitData } from '../../../core/webhooks/payloads';
import type { Ctx } from '../../context';
import type { Db } from '../../db/database';
import { findAccount } from '../accounts';
import { findRequest } from '../borrowing';
import { countSummary, findUnit, itemsByIds } from '../inventory';
import { findRepair } from '../repairs';

/** The record's data, or null when it is gone (nothing is sent about a record that no longer exists). */
export async function recordData(ctx: Ctx, trx: Db, about: EventSubject): Promise<Record<string, unknown> | null> {
  const page = (path: string | null) => (path ? `${ctx.config.appUrl.replace(/\/$/, '')}${path}` : null);
  switch (about.kind) {
    case 'borrow_request': {
      const r = await findRequest(trx, about.id, todayIn(ctx.config.campusTimeZone));
      return r && requestData.parse({ ...r, items: r.items, url: page(linkTo({ type: 'borrow_request', id: r.id }, 'admin')) });
    }
    case 'repair_report': {
      const r = await findRepair(trx, about.id);
      return r && repairData.parse({ ...r, url: page(linkTo({ type: 'repair_report', id: r.id }, 'admin')) });
    }
    case 'account': {
      const a = await findAccount(trx, about.id);
      if (!a) return null;
      const url = page(linkTo({ type: 'account', id: a.id, email: a.email, role: a.role }, 'admin'));
      return accountData.parse({
        id: a.id,
        fullName: a.full_name,
        email: a.email,
        role: a.role,
        status: a.status,
        departmentId: a.department_id,
        deactivatedAt: a.deactivated_at,
        url,
      });
    }
    case 'unit': {
      const u = await findUnit(trx, about.id);
      return u && unitData.parse({ ...u, url: page(`/u/${encodeURIComponent(u.tag)}`) });
    }
    case 'item': {
      const i = (await itemsByIds(trx, [about.id])).get(about.id);
      if (!i) return null;
      return itemData.parse({
        id: i.id,
        name: i.name,
        category: i.category,
        quantity: i.quantity,
        reorderLevel: i.reorder_level,
        reorderQuantity: i.reorder_quantity,
        url: page(linkTo({ type: 'item', id: i.id, itemName: i.name }, 'admin')),
      });
    }
    case 'count': {
      const c = await countSummary(trx, about.id);
      return c && countData.parse({ ...c, url: page(`/admin/counts/${c.id}`) });
    }
  }
}

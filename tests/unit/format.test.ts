import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { percentByMonth, perMonth } from '../../client/lib/format';
import { ACTION_LABELS, actionLabel } from '../../core/activity/labels';
import { plural } from '../../core/format';
import { reportCellText } from '../../core/reports/cells';
import { MSG } from '../../core/messages';
import { WORK_ORDER_TITLE } from '../../core/forms/workOrder';
import { CHECKLIST_TITLE } from '../../core/forms/checklist';

describe('dashboard notes', () => {
  it('says how many happened each month', () => {
    expect(perMonth({ thisMonth: 4, lastMonth: 2 })).toBe('4 this month, 2 last month');
  });

  it('shows a change of a percentage in percentage points, not as a percentage', () => {
    expect(percentByMonth(80, 75)).toBe('80% this month, 75% last month (+5 pts)');
    expect(percentByMonth(50, 100)).toBe('50% this month, 100% last month (−50 pts)');
    expect(percentByMonth(60, 60)).toBe('60% this month, 60% last month (±0 pts)');
    expect(percentByMonth(null, 75)).toBe('no loans this month, 75% last month');
  });
});

describe('counts in words', () => {
  it('says one thing in the singular, and others in their own plural', () => {
    expect(plural(1, 'account')).toBe('1 account');
    expect(plural(0, 'account')).toBe('0 accounts');
    expect(plural(1, 'entry', 'entries')).toBe('1 entry');
    expect(plural(1204, 'entry', 'entries')).toBe('1,204 entries');
  });
});

describe('the download notice of a form', () => {
  it('says "form" once', () => {
    expect(MSG.downloadStarted(WORK_ORDER_TITLE)).toBe('Work Order Request Form is being downloaded...');
    expect(MSG.downloadStarted(CHECKLIST_TITLE)).toBe('Preventive Maintenance Checklist form is being downloaded...');
  });
});

describe('money, always pesos with two decimals', () => {
  const cost = { label: 'Cost (PHP)', numeric: true, money: true };
  it('shows a report amount as ₱ with two decimals, on screen and in the PDF', () => {
    expect(reportCellText(250.5, cost)).toBe('₱250.50');
    expect(reportCellText(1234, cost, '', 'PHP ')).toBe('PHP 1,234.00');
    expect(reportCellText(1234, { label: 'Reports', numeric: true })).toBe('1,234');
    expect(reportCellText(null, cost, '—')).toBe('—');
  });
});

describe('action types in words', () => {
  it('names each action readably, from the one map', () => {
    expect(actionLabel('repair_escalation')).toBe('Repair escalated');
    expect(actionLabel('repair_report_created')).toBe('Repair reported');
    expect(actionLabel('request_approved')).toBe('Request approved');
  });
  it('reads an action type not on the map as its words, capitalized', () => {
    expect(actionLabel('stock_counted')).toBe('Stock counted');
  });
  it('has a label for every action type the notices write', () => {
    const dir = path.resolve(__dirname, '../../core');
    const written = new Set<string>();
    for (const area of fs.readdirSync(dir)) {
      const file = path.join(dir, area, 'notices.ts');
      if (!fs.existsSync(file)) continue;
      for (const m of fs.readFileSync(file, 'utf8').matchAll(/actionType: '([a-z_]+)'|= '([a-z]+_update)'/g)) written.add(m[1] ?? m[2]);
    }
    expect(written.size).toBeGreaterThan(20);
    for (const type of written) expect(ACTION_LABELS[type], type).toBeDefined();
  });
});

// Data a journey makes for itself through the API, so journeys do not hunt for a suitable row in the shared
// demo data and do not depend on each other's order.
import { expect, request, type APIRequestContext } from '@playwright/test';
import type { BorrowRequestDto } from '../core/borrowing/schemas';
import type { AssignablePersonnel, RepairReportDto } from '../core/repairs/schemas';
import { addDays, todayIn, weekdayOf } from '../core/time';
import { PNG } from './support';

const baseURL = `http://127.0.0.1:${process.env.E2E_PORT ?? 3901}`;

/** An API session of a demo account (its own cookie jar, apart from the page's). */
export async function apiAs(email: string, password: string, portal: 'user' | 'personnel' | 'admin'): Promise<APIRequestContext> {
  const ctx = await request.newContext({ baseURL });
  const res = await ctx.post('/api/auth/login', { data: { email, password, portal } });
  expect(res.ok(), `sign in ${email}`).toBe(true);
  return ctx;
}

export const officeApi = () => apiAs('admin@campus.test', 'admin123', 'admin');

/** A faculty member added by the office (in a department, if given), who chose a password from the emailed link. */
export async function newFaculty(office: APIRequestContext, fullName: string, email: string, password: string, departmentId?: number) {
  const made = await office.post('/api/accounts', {
    data: { kind: 'faculty', fullName, email, contactNumber: '09175550420', ...(departmentId ? { departmentId } : {}) },
  });
  expect(made.status(), await made.text()).toBe(201);
  let token = '';
  await expect(async () => {
    const items: { body: string }[] = (await (await office.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`)).json()).items;
    token = items.map((m) => m.body.match(/reset-password\?token=(\S+)/)?.[1]).find(Boolean) ?? '';
    expect(token).toBeTruthy();
  }).toPass({ timeout: 5000 });
  const anyone = await request.newContext({ baseURL });
  const set = await anyone.post('/api/auth/reset-password', { data: { token, newPassword: password, confirmPassword: password } });
  expect(set.ok(), await set.text()).toBe(true);
  await anyone.dispose();
}

async function itemId(ctx: APIRequestContext, name: string): Promise<number> {
  const list = await (await ctx.get(`/api/items?search=${encodeURIComponent(name)}&pageSize=100`)).json();
  const item = list.items.find((i: { name: string }) => i.name === name);
  expect(item, `item ${name}`).toBeTruthy();
  return item.id;
}

/** A new pending request of the borrower's, for items with plenty of stock. */
export async function fileRequest(borrower: APIRequestContext, lines: [name: string, quantity: number][], purpose: string) {
  const today = todayIn('Asia/Manila');
  const items = await Promise.all(lines.map(async ([name, quantity]) => ({ itemId: await itemId(borrower, name), quantity })));
  const res = await borrower.post('/api/borrow-requests', {
    data: { purpose, dateNeeded: today, dateExpectedReturn: addDays(today, 3), items },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).request as BorrowRequestDto;
}

/** Approves every line of a request. */
export async function approveAll(office: APIRequestContext, r: BorrowRequestDto) {
  const res = await office.post(`/api/borrow-requests/${r.id}/approve`, { data: { items: r.items.map((l) => l.itemId) } });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()).request as BorrowRequestDto;
}

/** The borrower hands the items back with a proof photo. */
export async function returnWithProof(borrower: APIRequestContext, r: BorrowRequestDto) {
  const res = await borrower.post(`/api/borrow-requests/${r.id}/return`, {
    multipart: { proof: { name: 'proof.png', mimeType: 'image/png', buffer: PNG } },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()).request as BorrowRequestDto;
}

/**
 * A faculty member's repair report in `building`, assigned to the electrician (Ramon Dela Cruz) for today:
 * scheduled, or in progress when `started` (the electrician sent a start photo).
 */
export async function electricianRepair(building: string, started: boolean): Promise<RepairReportDto> {
  const day = weekdayOf(todayIn('Asia/Manila'));
  const faculty = await apiAs('faculty@campus.test', 'faculty123', 'user');
  const made = await faculty.post('/api/repairs', {
    data: {
      building,
      room: 'Room 4',
      priority: 'medium',
      day,
      timeStart: '09:00',
      timeEnd: '10:00',
      issueDescription: 'The ceiling light flickers.',
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  const report = (await made.json()).report as RepairReportDto;
  const office = await officeApi();
  const people = (await (await office.get('/api/repairs/personnel')).json()) as AssignablePersonnel;
  const electrician = people.items.find((p) => p.fullName === 'Ramon Dela Cruz');
  expect(electrician, 'the demo electrician').toBeTruthy();
  const assigned = await office.post(`/api/repairs/${report.id}/assign`, {
    data: { status: 'scheduled', assignedTo: electrician!.id, day, timeStart: '09:00', timeEnd: '10:00' },
  });
  expect(assigned.ok(), await assigned.text()).toBe(true);
  if (started) {
    const personnel = await apiAs('electrician@campus.test', 'personnel123', 'personnel');
    const start = await personnel.post(`/api/repairs/${report.id}/start`, {
      multipart: { proof: { name: 'start.png', mimeType: 'image/png', buffer: PNG } },
    });
    expect(start.ok(), await start.text()).toBe(true);
    // Its actual cost saved with Update, so completing it needs the description and the photo only.
    const cost = await personnel.put(`/api/repairs/${report.id}/work`, { data: { actualCost: 180 } });
    expect(cost.ok(), await cost.text()).toBe(true);
  }
  return report;
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../core/messages';
import { loginAs, makeApp, type TestApp } from '../helpers';
import { pdfPages } from './pdfText';

/** The preventive-maintenance forms as filled PDFs, on SQLite and, with TEST_DATABASE_URL, on PostgreSQL. */
describe('preventive-maintenance forms', () => {
  let app: TestApp;
  let admin: string;
  let personnel: string;
  let faculty: string;

  beforeAll(async () => {
    app = await makeApp({ seed: true });
    [admin, personnel, faculty] = await Promise.all([loginAs(app, 'admin'), loginAs(app, 'personnel'), loginAs(app, 'faculty')]);
  });
  afterAll(() => app.close());

  const post = (url: string, payload: object, cookie = admin) => app.inject({ method: 'POST', url, headers: { cookie }, payload });

  it('fills the checklist: basic info, the 19 particulars in 6 groups, remarks, signature space', async () => {
    const res = await post('/api/forms/checklist.pdf', {
      campus: 'Main Campus',
      building: 'Engineering Hall',
      designation: 'Classroom',
      roomOffice: 'EH-204',
      monthYear: 'January 2024',
      particulars: { '1.1': { status: 'x', remarks: 'Three tiles broken by the door' }, '6.4': { status: 'check', remarks: 'Truss fine' } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="preventive_maintenance_checklist_Engineering_Hall_January_2024.pdf"',
    );
    const pages = await pdfPages(res.rawPayload);
    const all = pages.join('\n');
    for (const text of [
      'General Services Office',
      'PREVENTIVE MAINTENANCE CHECKLIST',
      'Main Campus',
      'Engineering Hall',
      'Classroom',
      'EH-204',
      'January 2024',
      'Three tiles broken by the door',
      'Truss fine',
      'FLOOR',
      'ROOF/DECK',
      'Cracks/Chippings',
      'Truss defects',
      'Inspected by:',
      'Head, General Services Office',
    ])
      expect(all).toContain(text);
    pages.forEach((p, i) => expect(p).toContain(`Page ${i + 1} of ${pages.length}`));
  });

  it('fills the work order twice on the page with both approval sections', async () => {
    const res = await post('/api/forms/work-order.pdf', {
      date: '2026-11-20',
      campus: 'Main Campus',
      location: 'Second floor',
      building: 'Library',
      workOrderRequest: 'Replace the flickering lights in the reading area',
      requestedBy: 'Dr. Reyes',
      assignedPersonnel: 'Juan Dela Cruz',
      dateTimeStarted: '2026-11-21T08:30',
      materialNeeded: 'LED tubes x4',
      attachment: 'Photo',
      requestedLetter: 'PR-2026-11',
      inspectionReport: 'Picture',
      approvedBy: 'Engr. Santos',
      inspectedBy: 'Maria Cruz',
      dateTimeCompleted: '2026-11-21T15:05',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="work_order_request_form.pdf"');
    const pages = await pdfPages(res.rawPayload);
    expect(pages).toHaveLength(1);
    const text = pages[0]!;
    const count = (s: string) => text.split(s).length - 1;
    expect(count('WORK ORDER REQUEST FORM')).toBe(2);
    expect(count('Replace the flickering lights in the reading area')).toBe(2);
    expect(count('Head of the Auxiliary Unit')).toBe(2);
    expect(count('Head, General Services Office')).toBeGreaterThanOrEqual(2);
    expect(count('Engr. Santos')).toBe(2);
    expect(text).toContain('Nov 20, 2026');
    expect(text).toContain('Nov 21, 2026, 8:30 AM');
    expect(text).toContain('Nov 21, 2026, 3:05 PM');
    expect(text).toContain('PR-2026-11');
    expect(text).toContain('Page 1 of 1');
  });

  it('prints empty forms too (no required fields), and refuses everyone but the office', async () => {
    expect((await post('/api/forms/checklist.pdf', {})).statusCode).toBe(200);
    expect((await post('/api/forms/work-order.pdf', {})).statusCode).toBe(200);
    expect((await post('/api/forms/checklist.pdf', { particulars: { '9.9': { status: 'x' } } })).statusCode).toBe(400);
    for (const cookie of [personnel, faculty]) {
      expect((await post('/api/forms/checklist.pdf', {}, cookie)).statusCode).toBe(403);
      expect((await post('/api/forms/work-order.pdf', {}, cookie)).statusCode).toBe(403);
    }
  });

  it('saves a checklist with two x marks as an inspection with two pending repair reports', async () => {
    const building = `Inspection Hall ${Math.random().toString(36).slice(2, 7)}`;
    const res = await post('/api/inspections', {
      campus: 'Main Campus',
      building,
      designation: 'Office',
      roomOffice: 'IH-101',
      monthYear: 'March 2026',
      priority: 'high',
      particulars: {
        '1.1': { status: 'x', remarks: 'Tiles lifting near the entrance' },
        '5.3': { status: 'x', remarks: '' },
        '2.1': { status: 'check', remarks: '' },
        '6.1': { status: 'na', remarks: '' },
      },
    });
    expect(res.statusCode).toBe(201);
    const { inspection, message } = res.json();
    expect(message).toBe(MSG.inspectionSaved(2));
    expect(inspection).toMatchObject({ building, roomOffice: 'IH-101', monthYear: 'March 2026', priority: 'high', problems: 2 });
    expect(inspection.repairReportIds).toHaveLength(2);

    const reports = await app.ctx.db
      .selectFrom('repair_reports')
      .selectAll()
      .where('id', 'in', inspection.repairReportIds)
      .orderBy('id')
      .execute();
    expect(reports.map((r) => [r.status, r.building, r.room, r.priority])).toEqual([
      ['pending', building, 'IH-101', 'high'],
      ['pending', building, 'IH-101', 'high'],
    ]);
    expect(reports[0]!.issue_description).toContain('1.1 FLOOR - Broken Tiles');
    expect(reports[0]!.issue_description).toContain('Tiles lifting near the entrance');
    expect(reports[1]!.issue_description).toContain('5.3 WINDOWS - Glass Panel');

    // On the board, pending, ready to assign.
    const board = await app.inject({
      method: 'GET',
      url: `/api/repairs?search=${encodeURIComponent(building)}`,
      headers: { cookie: admin },
    });
    expect(board.statusCode).toBe(200);
    expect(board.json().items.filter((r: { status: string }) => r.status === 'pending')).toHaveLength(2);

    // The history of that building and room, newest first, and the same PDF again.
    await post('/api/inspections', { building, roomOffice: 'IH-101', monthYear: 'April 2026', particulars: {} });
    const list = (
      await app.inject({
        method: 'GET',
        url: `/api/inspections?building=${encodeURIComponent(building)}&room=IH-101&pageSize=1`,
        headers: { cookie: admin },
      })
    ).json();
    expect(list.total).toBe(2);
    expect(list.items).toHaveLength(1);
    expect(list.items[0].monthYear).toBe('April 2026');
    const pdf = await app.inject({ method: 'GET', url: `/api/inspections/${inspection.id}/pdf`, headers: { cookie: admin } });
    expect(pdf.statusCode).toBe(200);
    const text = (await pdfPages(pdf.rawPayload)).join('\n');
    expect(text).toContain(building);
    expect(text).toContain('Tiles lifting near the entrance');
    expect(text).toContain(`INS-${inspection.id}`);
  });

  it('refuses an inspection without its place or month, and refuses non-office roles', async () => {
    const bad = await post('/api/inspections', { building: '', roomOffice: 'R1', monthYear: 'May 2026' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(MSG.inspectionBuildingRequired);
    expect((await post('/api/inspections', { building: 'B', roomOffice: ' ', monthYear: 'May 2026' })).json().error.message).toBe(
      MSG.inspectionRoomRequired,
    );
    for (const cookie of [personnel, faculty]) {
      expect((await post('/api/inspections', { building: 'B', roomOffice: 'R', monthYear: 'M' }, cookie)).statusCode).toBe(403);
      expect((await app.inject({ method: 'GET', url: '/api/inspections', headers: { cookie } })).statusCode).toBe(403);
    }
    expect((await app.inject({ method: 'GET', url: '/api/inspections/999999/pdf', headers: { cookie: admin } })).statusCode).toBe(404);
  });
});

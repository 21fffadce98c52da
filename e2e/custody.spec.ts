// Custody of tracked units (docs/decisions/custody.md): an administrator issues a projector unit to a faculty
// member, who acknowledges it on a phone and sees it under My accountabilities; the office transfers it to another
// faculty member, who confirms; the unit's page shows who is accountable and every step. At 1280 px and 360 px.
import { expect, test } from './clock';
import { CUSTODY_MSG } from '../core/custody/rules';
import { pdfPages } from '../tests/api/pdfText';
import { apiAs, newFaculty, officeApi } from './fixtures';
import { expectAccessible, expectNoHorizontalScroll, signIn } from './support';

test('issuing a projector to a faculty member, acknowledging it on a phone, and transferring it', async ({ browser }) => {
  test.slow();
  const suffix = Math.random().toString(36).slice(2, 6).toUpperCase();
  const name = `Projector ${suffix}`;
  const prefix = `PRJ${suffix}`;
  const tag = `${prefix}-0001`;
  const office = await officeApi();
  const made = await office.post('/api/items', { data: { name, category: 'Electrical', quantity: 1, minStock: 0 } });
  expect(made.status(), await made.text()).toBe(201);
  const item = (await made.json()).item as { id: number };
  expect((await office.post(`/api/items/${item.id}/track`, { data: { prefix, condition: 'good' } })).status()).toBe(200);
  const unit = (await (await office.get(`/api/units/by-tag/${tag}`)).json()).unit as { id: number };
  const asset = await office.put(`/api/units/${unit.id}/asset`, { data: { purchaseCost: 32500, propertyNumber: `PN-${suffix}` } });
  expect(asset.status(), await asset.text()).toBe(200);
  const receiverName = `Prof. Custody ${suffix}`;
  const receiverEmail = `custody-${suffix.toLowerCase()}@campus.test`;
  await newFaculty(office, receiverName, receiverEmail, 'journey123');

  // The administrator issues it to Dr. Teresa Gomez from the unit's page.
  const admin = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await signIn(admin, '/admin-login', 'admin', 'admin123');
  await admin.goto(`/admin/units/${tag}`);
  const custody = admin.getByRole('region', { name: 'Custody' });
  await expect(custody).toContainText('the office is accountable for it');
  await custody.getByRole('button', { name: CUSTODY_MSG.issueToCustodian }).click();
  const issue = admin.getByRole('dialog', { name: `${CUSTODY_MSG.issueToCustodian}: ${tag}` });
  await issue.getByRole('button', { name: CUSTODY_MSG.issueToCustodian }).click();
  await expect(issue.getByText(CUSTODY_MSG.personRequired)).toBeVisible();
  await issue.getByRole('combobox', { name: 'Person' }).fill('Teresa');
  await admin.getByRole('option', { name: /Dr\. Teresa Gomez/ }).click();
  await expectAccessible(admin);
  await issue.getByRole('button', { name: CUSTODY_MSG.issueToCustodian }).click();
  await expect(issue).toBeHidden();
  await expect(custody).toContainText('Accountable: Dr. Teresa Gomez');
  await expect(custody).toContainText('Awaiting acknowledgement');
  await expect(admin.getByText('Issued', { exact: true }).first()).toBeVisible();

  // The receipt prints the unit, its property number, value and the custodian.
  const [download] = await Promise.all([admin.waitForEvent('download'), custody.getByRole('link', { name: /Print receipt/ }).click()]);
  const text = (await pdfPages(Buffer.concat(await (await download.createReadStream()).toArray()))).join('\n');
  for (const words of ['ACKNOWLEDGEMENT RECEIPT', tag, `PN-${suffix}`, name, 'Dr. Teresa Gomez', '32,500.00', 'Received by:', 'Issued by:'])
    expect(text).toContain(words);
  await expectAccessible(admin);

  // The faculty member, on a phone, sees it under My accountabilities and acknowledges it.
  const phone = await (await browser.newContext({ viewport: { width: 360, height: 800 } })).newPage();
  await signIn(phone, '/login', 'faculty@campus.test', 'faculty123');
  await phone.getByRole('button', { name: 'Continue to Dashboard' }).click();
  await phone.goto('/users/accountabilities');
  await expect(phone.getByRole('heading', { name: CUSTODY_MSG.myAccountabilities })).toBeVisible();
  const row = phone.getByRole('row', { name: new RegExp(tag) });
  await expect(row).toContainText('Awaiting acknowledgement');
  await expect(row).toContainText(`PN-${suffix}`);
  await expectAccessible(phone);
  await expectNoHorizontalScroll(phone);
  await row.getByRole('button', { name: `${CUSTODY_MSG.acknowledge} ${tag}` }).click();
  await expect(row).toContainText('Acknowledged');
  await expect(row.getByRole('button', { name: `${CUSTODY_MSG.acknowledge} ${tag}` })).toBeHidden();
  await expectAccessible(phone);

  // The office transfers it to the other faculty member; Dr. Gomez stays accountable until they confirm.
  await admin.reload();
  await expect(custody).toContainText('Acknowledged');
  await custody.getByRole('button', { name: CUSTODY_MSG.transfer, exact: true }).click();
  const transfer = admin.getByRole('dialog', { name: `${CUSTODY_MSG.transfer} ${tag}` });
  await transfer.getByRole('combobox', { name: 'Person' }).fill(receiverName);
  await admin.getByRole('option', { name: new RegExp(receiverName) }).click();
  await expectAccessible(admin);
  await transfer.getByRole('button', { name: CUSTODY_MSG.transfer }).click();
  await expect(transfer).toBeHidden();
  await expect(custody).toContainText('Transfer awaiting confirmation');
  await expect(custody).toContainText(`Transfer to ${receiverName}`);
  await phone.reload();
  await expect(phone.getByRole('row', { name: new RegExp(tag) })).toContainText('Transfer awaiting confirmation');

  // The receiver confirms on their phone.
  const receiver = await (await browser.newContext({ viewport: { width: 360, height: 800 } })).newPage();
  await signIn(receiver, '/login', receiverEmail, 'journey123');
  await receiver.getByRole('button', { name: 'Continue to Dashboard' }).click();
  await receiver.goto('/users/accountabilities');
  const offered = receiver.getByRole('row', { name: new RegExp(tag) });
  await expect(offered).toContainText('Transfer to you');
  await offered.getByRole('button', { name: `${CUSTODY_MSG.acknowledge} ${tag}` }).click();
  await expect(offered).toContainText('Acknowledged');
  await expectAccessible(receiver);
  await expectNoHorizontalScroll(receiver);

  // The unit's page names the new holder and tells every step, at 1280 px and 360 px.
  await admin.reload();
  await expect(custody).toContainText(`Accountable: ${receiverName}`);
  const history = admin.getByRole('region', { name: 'History' });
  for (const line of [
    `Issued to Dr. Teresa Gomez`,
    'Receipt acknowledged by Dr. Teresa Gomez',
    `Transfer to ${receiverName} started`,
    `Transfer confirmed: now held by ${receiverName}`,
  ])
    await expect(history.getByText(line)).toBeVisible();
  await expectAccessible(admin);
  await admin.setViewportSize({ width: 360, height: 800 });
  await expectNoHorizontalScroll(admin);
  await expectAccessible(admin);
  const gone = await (await apiAs('faculty@campus.test', 'faculty123', 'user')).get('/api/custody/mine');
  expect(((await gone.json()).lines as { tag: string }[]).some((l) => l.tag === tag)).toBe(false);
});

import { readFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

import type { Locator } from '@playwright/test';

import { api, imei, runId, seedCompany, seedDeviceType } from './data';
import { ADMIN } from './env';
import { apiLogin, expect, openSignedIn, test } from './fixtures';
import { readFirstSheet } from './xlsx';

const PAGE = '/DeviceTypeModule/DeviceTypeManagement';

interface StoredType {
  id: number;
  name: string;
  model: string;
  lowThreshold: number;
  highThreshold: number;
  description: string;
}

/** A small valid PNG (w x h, one colour), made here: the server sniffs the bytes. */
function png(width: number, height: number, rgb: [number, number, number]): Buffer {
  const table = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const b of bytes) c = table[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(8 + data.length + 4);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const typeBody = (id: string, over: Record<string, unknown> = {}) => ({
  name: `接口类型${id}`,
  model: `API-${id}`,
  manufacturer: '杭州传感',
  unit: '%LEL',
  rangeMin: 0,
  rangeMax: 100,
  lowThreshold: 20,
  highThreshold: 50,
  reportInterval: 5,
  heartbeatInterval: 60,
  communication: '4G',
  ...over,
});

async function readType(request: Parameters<typeof api>[0], token: string, model: string): Promise<StoredType> {
  const page = await api<{ list: StoredType[] }>(request, token, 'GET', `/deviceClassify?model=${encodeURIComponent(model)}`);
  const found = page.list.find((t) => t.model === model);
  if (!found) throw new Error(`no device type ${model}`);
  return found;
}

/** Sets an antd InputNumber / Input found by its label. */
async function fill(scope: Locator, label: string, value: string) {
  const input = scope.getByLabel(label, { exact: true });
  await input.fill('');
  await input.fill(value);
}

/** Dispatches a paste of this HTML into the editor, as the browser does for Ctrl+V from Word. */
async function pasteHtml(editor: Locator, html: string, text: string) {
  await editor.click();
  await editor.evaluate(
    (element, data) => {
      const transfer = new DataTransfer();
      transfer.setData('text/html', data.html);
      transfer.setData('text/plain', data.text);
      element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }));
    },
    { html, text },
  );
}

/** A trimmed but real Word clipboard document: Office namespaces, styles, Mso classes, <o:p>, conditionals, a list. */
const WORD_HTML = `<html xmlns:v="urn:schemas-microsoft-com:vml" xmlns:o="urn:schemas-microsoft-com:office:office"
xmlns:w="urn:schemas-microsoft-com:office:word" xmlns="http://www.w3.org/TR/REC-html40">
<head><meta name=ProgId content=Word.Document><meta name=Generator content="Microsoft Word 15">
<!--[if gte mso 9]><xml><w:WordDocument><w:View>Normal</w:View></w:WordDocument></xml><![endif]-->
<style><!-- p.MsoNormal {mso-style-unhide:no;margin:0cm;font-size:10.5pt;} --></style></head>
<body lang=ZH-CN style='tab-interval:21.0pt'>
<!--StartFragment-->
<p class=MsoNormal align=center style='text-align:center'><b><span lang=EN-US style='font-size:14.0pt;mso-bidi-font-size:11.0pt;color:#C00000'>Safety notes</span></b><span lang=EN-US><o:p></o:p></span></p>
<p class=MsoNormal><span lang=EN-US>Mount it <u>above</u> the stove, <i style='mso-bidi-font-style:normal'>never</i> behind a door.<o:p></o:p></span></p>
<p class=MsoNormal><span lang=EN-US><o:p>&nbsp;</o:p></span></p>
<p class=MsoListParagraphCxSpFirst style='margin-left:18.0pt;text-indent:-18.0pt;mso-list:l0 level1 lfo1'><![if !supportLists]><span lang=EN-US style='font-family:Symbol'><span style='mso-list:Ignore'>·<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;&nbsp;&nbsp;&nbsp; </span></span></span><![endif]><span lang=EN-US>Kitchens<o:p></o:p></span></p>
<p class=MsoListParagraphCxSpLast style='margin-left:18.0pt;text-indent:-18.0pt;mso-list:l0 level1 lfo1'><![if !supportLists]><span lang=EN-US style='font-family:Symbol'><span style='mso-list:Ignore'>·<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;&nbsp;&nbsp;&nbsp; </span></span></span><![endif]><span lang=EN-US>Boiler rooms<o:p></o:p></span></p>
<!--EndFragment-->
</body></html>`;

test.describe('device type management (zh-CN)', () => {
  test('create with a bold word and an uploaded image, edit, export the list, delete with confirmation', async ({ page, request }) => {
    test.setTimeout(120_000);
    const id = runId();
    const token = await apiLogin(request, ADMIN);
    const model = `GT-${id}`;
    const name = `红外甲烷探测器${id}`;

    await openSignedIn(page, request, ADMIN, PAGE);
    await expect(page).toHaveTitle(/设备类型管理/);
    await page.getByRole('button', { name: /新\s*增/ }).click();
    const dialog = page.getByRole('dialog', { name: '新增设备类型' });
    await dialog.getByLabel('类型名称').fill(name);
    await dialog.getByLabel('型号', { exact: true }).fill(model);
    await dialog.getByLabel('生产厂家').fill('杭州传感科技');
    await expect(dialog.getByLabel('检测气体')).toHaveValue('CH4');

    // the rules show before any call
    await fill(dialog, '默认低报阈值', '12.55');
    await fill(dialog, '默认高报阈值', '100.5');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await expect(dialog.getByText('最多一位小数', { exact: true })).toBeVisible();
    await expect(dialog.getByText('高报阈值不能大于量程上限')).toBeVisible();
    await fill(dialog, '默认低报阈值', '12.5');
    await fill(dialog, '默认高报阈值', '45.5');
    await fill(dialog, '上报间隔', '10');
    await fill(dialog, '心跳间隔', '120');
    await expect(dialog.getByText('最多一位小数', { exact: true })).toHaveCount(0);

    // the description: a bold word typed through the toolbar, then an image uploaded from the toolbar
    const editor = dialog.getByRole('textbox', { name: '描述' });
    await editor.click();
    await page.keyboard.type('安装在灶台');
    await dialog.getByRole('button', { name: '加粗' }).click();
    await page.keyboard.type('上方');
    await dialog.getByRole('button', { name: '加粗' }).click();
    await page.keyboard.type('一米以内。');
    await expect(editor.locator('strong')).toHaveText('上方');
    const chooser = page.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: '插入图片' }).click();
    await (await chooser).setFiles({ name: 'mount.png', mimeType: 'image/png', buffer: png(12, 8, [63, 133, 245]) });
    const image = editor.locator('img');
    await expect(image).toHaveAttribute('src', /^\/api\/files\/[a-z0-9]+$/);
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(12);

    // a file that is not an image is refused with a clear message, before any upload
    const refused = page.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: '插入图片' }).click();
    await (await refused).setFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
    await expect(dialog.getByRole('alert')).toContainText('“notes.txt”不是 PNG、JPEG、GIF 或 WebP 图片');
    await expect(editor.locator('img')).toHaveCount(1);
    // one that only claims to be a PNG is refused by the server (it sniffs the bytes): its message shows
    const faked = page.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: '插入图片' }).click();
    await (await faked).setFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('<svg onload="alert(1)"></svg>') });
    await expect(dialog.getByRole('alert')).toContainText('图片上传失败：只能上传 PNG、JPEG、GIF 或 WebP 图片');
    await expect(editor.locator('img')).toHaveCount(1);

    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await expect(page.getByText('设备类型已创建')).toBeVisible();
    await expect(dialog).toBeHidden();

    const row = page.getByRole('row', { name: new RegExp(model) });
    await expect(row).toContainText(name);
    await expect(row).toContainText('12.5');
    await expect(row).toContainText('45.5');
    await expect(row).toContainText('10 分钟');
    await expect(row).toContainText('120 分钟');
    await expect(row).toContainText('安装在灶台上方一米以内。');
    await expect(row.locator('img, strong')).toHaveCount(0); // the description is text in the table

    const stored = await readType(request, token, model);
    expect(stored).toMatchObject({ name, lowThreshold: 12.5, highThreshold: 45.5 });
    expect(stored.description).toContain('<strong>上方</strong>');
    const src = /<img src="(\/api\/files\/[a-z0-9]+)"/.exec(stored.description)?.[1];
    expect(src).toBeTruthy();
    const served = await request.get(src!);
    expect(served.status()).toBe(200);
    expect(served.headers()['content-type']).toBe('image/png');

    // a second type may not take the same model: the 409 shows on the model field
    await page.getByRole('button', { name: /新\s*增/ }).click();
    const again = page.getByRole('dialog', { name: '新增设备类型' });
    await again.getByLabel('类型名称').fill(`重复${id}`);
    await again.getByLabel('型号', { exact: true }).fill(model);
    await again.getByRole('button', { name: /保\s*存/ }).click();
    await expect(again.locator('.ant-form-item', { has: page.getByLabel('型号', { exact: true }) })).toContainText('该型号已存在');
    await again.getByRole('button', { name: /取\s*消/ }).click();
    await expect(again).toBeHidden();

    // edit: the description comes back in the editor, the thresholds change
    await row.getByRole('button', { name: `编辑 ${model}` }).click();
    const edit = page.getByRole('dialog', { name: '编辑设备类型' });
    await expect(edit.getByRole('textbox', { name: '描述' }).locator('strong')).toHaveText('上方');
    await expect(edit.getByLabel('默认低报阈值')).toHaveValue('12.5');
    await fill(edit, '默认高报阈值', '60.5');
    await edit.getByRole('button', { name: /保\s*存/ }).click();
    await expect(page.getByText('设备类型已更新')).toBeVisible();
    await expect(row).toContainText('60.5');
    expect((await readType(request, token, model)).highThreshold).toBe(60.5);

    // export the filtered list and find the type in the .xlsx
    const search = page.getByRole('search');
    await search.getByLabel('型号').fill(model);
    await search.getByRole('button', { name: /查\s*询/ }).click();
    await expect(page).toHaveURL(new RegExp(`model=${model}`));
    await expect(page.getByRole('table').getByRole('row')).toHaveCount(2);
    const download = page.waitForEvent('download');
    const call = page.waitForRequest((r) => r.url().includes('/api/deviceClassify/export'));
    await page.locator('.table-page-toolbar').getByRole('button', { name: /导\s*出/ }).click();
    expect(new URL((await call).url()).searchParams.get('model')).toBe(model);
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/_\d{14}\.xlsx$/);
    const sheet = readFirstSheet(readFileSync(await file.path()));
    expect(sheet[0].slice(0, 4)).toEqual(['类型名称', '型号', '生产厂家', '气体']);
    const exported = sheet.find((cells) => cells[1] === model);
    expect(exported?.slice(0, 5)).toEqual([name, model, '杭州传感科技', 'CH4', '%LEL']);
    expect(exported?.slice(7, 11)).toEqual(['12.5', '60.5', '10', '120']);

    // delete: a type in use is refused with the server's message; an unused one goes after confirmation
    const inUse = await api<{ id: number }>(request, token, 'POST', '/deviceClassify', typeBody(`U${id}`));
    const company = await seedCompany(request, token, `类型占用${id}公司`);
    await api(request, token, 'POST', '/device', {
      imei: imei(),
      name: '占用设备',
      typeId: inUse.id,
      companyId: company.id,
      provinceCode: '330000',
    });
    await search.getByLabel('型号').fill(`API-U${id}`);
    await search.getByRole('button', { name: /查\s*询/ }).click();
    const usedRow = page.getByRole('row', { name: new RegExp(`API-U${id}`) });
    await usedRow.getByRole('button', { name: `删除 API-U${id}` }).click();
    const refuse = page.getByRole('tooltip').filter({ hasText: '删除设备类型' });
    await refuse.getByRole('button', { name: /确\s*定/ }).click();
    await expect(page.getByText('仍有设备使用该类型，不能删除')).toBeVisible();
    await expect(usedRow).toBeVisible();

    await search.getByLabel('型号').fill(model);
    await search.getByRole('button', { name: /查\s*询/ }).click();
    await row.getByRole('button', { name: `删除 ${model}` }).click();
    const confirm = page.getByRole('tooltip').filter({ hasText: '删除设备类型' });
    await expect(confirm).toContainText(`确定删除设备类型“${name}”（型号 ${model}）吗？`);
    await confirm.getByRole('button', { name: /确\s*定/ }).click();
    await expect(page.getByText('设备类型已删除')).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(model) })).toHaveCount(0);
    const left = await api<{ list: StoredType[] }>(request, token, 'GET', `/deviceClassify?model=${model}`);
    expect(left.list).toEqual([]);
  });

  test('a new type is among the device form type choices at once, without waiting for their cache', async ({ page, request }) => {
    test.setTimeout(90_000);
    const id = runId();
    const token = await apiLogin(request, ADMIN);
    // "A0-" sorts first: the form offers the first 100 types by model
    const known = await seedDeviceType(request, token, { name: `已有类型${id}`, model: `A0-K${id}` });
    const model = `A0-N${id}`;
    const typeChoice = (text: string) => page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text });

    // the device form reads the type choices, which the console keeps for 60 s
    await openSignedIn(page, request, ADMIN, '/DeviceModule/DeviceManagement');
    await expect(page).toHaveTitle('报警设备管理 - 红外气体检测平台', { timeout: 30_000 });
    await page.evaluate(() => ((window as unknown as { e2eSamePage: boolean }).e2eSamePage = true));
    await page.getByRole('button', { name: /新\s*增/ }).click();
    let form = page.getByRole('dialog', { name: '新增设备' });
    await form.getByLabel('设备类型').fill('A0-');
    await expect(typeChoice(known.model)).toBeVisible();
    await expect(typeChoice(model)).toHaveCount(0);
    await form.getByRole('button', { name: /取\s*消/ }).click();
    await expect(form).toBeHidden();

    // to Device Type Management through the menu (the same page: the cache stays), and create the type there
    await page.getByRole('menuitem', { name: /设备类型管理/ }).click();
    await expect(page).toHaveTitle(/设备类型管理/);
    await page.getByRole('button', { name: /新\s*增/ }).click();
    const dialog = page.getByRole('dialog', { name: '新增设备类型' });
    await dialog.getByLabel('类型名称').fill(`新类型${id}`);
    await dialog.getByLabel('型号', { exact: true }).fill(model);
    await dialog.getByLabel('生产厂家').fill('杭州传感科技');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await expect(page.getByText('设备类型已创建')).toBeVisible();

    // back to the devices: the form offers the new type at once
    await page.getByRole('menuitem', { name: /报警设备管理/ }).click();
    await expect(page).toHaveTitle('报警设备管理 - 红外气体检测平台');
    await page.getByRole('button', { name: /新\s*增/ }).click();
    form = page.getByRole('dialog', { name: '新增设备' });
    await form.getByLabel('设备类型').fill(model);
    await expect(typeChoice(model)).toBeVisible({ timeout: 5_000 });
    expect(await page.evaluate(() => (window as unknown as { e2eSamePage?: boolean }).e2eSamePage)).toBe(true);
  });
});

test.describe('device type management (en)', () => {
  test.use({ locale: 'en-US' });

  test('HTML pasted from Word asks Clean or Keep; Clean saves no Word markup, Keep keeps its formatting', async ({ page, request }) => {
    test.setTimeout(90_000);
    const id = runId();
    const token = await apiLogin(request, ADMIN);
    await openSignedIn(page, request, ADMIN, PAGE);
    await expect(page).toHaveTitle('Device Type Management - Infrared Gas Detection Platform');

    const create = async (model: string, choice: 'Clean' | 'Keep') => {
      await page.getByRole('button', { name: 'Create' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create device type' });
      await dialog.getByLabel('Type name').fill(`Word ${choice} ${id}`);
      await dialog.getByLabel('Model', { exact: true }).fill(model);
      const editor = dialog.getByRole('textbox', { name: 'Description' });
      await pasteHtml(editor, WORD_HTML, 'Safety notes');
      const ask = page.getByRole('dialog', { name: 'Content pasted from Word' });
      await expect(ask).toContainText('"Clean" keeps only paragraphs, headings, lists, bold, italic and links');
      await ask.getByRole('button', { name: choice }).click();
      await expect(ask).toBeHidden();
      await expect(editor).toContainText('Boiler rooms');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(dialog).toBeHidden();
      return readType(request, token, model);
    };

    const cleaned = (await create(`WORD-C-${id}`, 'Clean')).description;
    expect(cleaned).not.toMatch(/Mso|mso-|o:p|class=|style=|<!--|<u>|·/);
    expect(cleaned).toContain('<strong>Safety notes</strong>');
    expect(cleaned).toContain('<em>never</em>');
    expect(cleaned).toMatch(/<ul><li><p>Kitchens<\/p><\/li><li><p>Boiler rooms<\/p><\/li><\/ul>/);

    const kept = (await create(`WORD-K-${id}`, 'Keep')).description;
    expect(kept).not.toMatch(/Mso|mso-|o:p|<!--/); // Word's own markup never survives
    expect(kept).toMatch(/<p style="text-align: center;?"><strong>Safety notes<\/strong><\/p>/); // but its alignment, underline and drawn bullets do
    expect(kept).toContain('<u>above</u>');
    expect(kept).toContain('·');
    expect(kept).not.toContain('<ul>');

    // plain HTML from elsewhere pastes without a question
    await page.getByRole('button', { name: 'Create' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create device type' });
    const editor = dialog.getByRole('textbox', { name: 'Description' });
    await pasteHtml(editor, '<p>Plain <b>web</b> text</p>', 'Plain web text');
    await expect(editor.locator('strong')).toHaveText('web');
    await expect(page.getByRole('dialog', { name: 'Content pasted from Word' })).toHaveCount(0);
  });
});

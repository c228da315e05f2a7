import { ADMIN } from './env';
import { expect, openSignedIn, test } from './fixtures';
import { expectCards, expectInside, expectNoPageOverflow, NARROW, openFilters } from './narrow';

test.use({ viewport: NARROW });

test.describe('375 px (zh-CN)', () => {
  test('Enterprise Management: filters fold and wrap, the rows are cards, the dialog fits', async ({ page, request }) => {
    await openSignedIn(page, request, ADMIN, '/EnterpriseModule/EnterpriseManagement');
    await expect(page.locator('.app-wrapper')).toHaveAttribute('data-device', 'mobile');
    const search = await openFilters(page);
    await expect(search.getByLabel('企业名称')).toBeVisible();
    await expectInside(search.locator('.ant-form-item'));
    await expectInside(page.locator('.table-page-toolbar .ant-btn'));
    await expectCards(page);
    await expectNoPageOverflow(page);

    await page.getByRole('button', { name: /新\s*增/ }).click();
    const dialog = page.getByRole('dialog', { name: '新增企业' });
    await expect(dialog).toBeVisible();
    await expectInside(dialog);
    await expectInside(dialog.locator('input'));
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await expect(dialog.getByText('请输入企业名称')).toBeVisible();
    await expectInside(dialog.locator('.ant-form-item-explain-error'));
    await expectNoPageOverflow(page);
  });
});

test.describe('375 px (en)', () => {
  test.use({ locale: 'en-US' });

  test('User Management: filters fold and wrap, the rows are cards, the dialogs fit', async ({ page, request }) => {
    // Filtered to the viewer's account: other tests' users may push it off the first page.
    await openSignedIn(page, request, ADMIN, '/UserModule/UserManagement?account=viewer');
    const search = await openFilters(page);
    await expect(search.getByLabel('Account')).toBeVisible();
    await expectInside(search.locator('.ant-form-item'));
    await expectCards(page);
    await expectNoPageOverflow(page);

    await page.getByRole('button', { name: 'Create' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create user' });
    await expect(dialog.getByRole('tree')).toBeVisible();
    await expectInside(dialog);
    await expectInside(dialog.locator('input:visible'));
    await expectInside(dialog.getByRole('tree'));
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // the permission dialog of another user
    const card = page.locator('.table-card', { hasText: 'viewer' });
    await card.getByRole('button', { name: 'Permissions viewer' }).click();
    const grant = page.getByRole('dialog', { name: 'Assign permissions' });
    await expect(grant.getByRole('tree')).toBeVisible();
    await expectInside(grant);
    await expectNoPageOverflow(page);
  });
});

import { expect, test } from '@playwright/test';
import { approveSchool, newUser, staffToken } from './support/api';
import { expectAccessible, openForm, screenshot, setChecked, toastWith } from './support/checks';
import { readOtp } from './support/mail';

/**
 * Issue 6 "Done when": register → code from the e-mail → verify → login → create school → classes →
 * sections → subjects → dashboard at 100% → staff approve (API) → Approved → Visit Portal.
 */
test('spec §2/§4/§8: from sign-up to an approved school with its portal', async ({ page, request, context, baseURL }) => {
  test.setTimeout(300_000);
  const user = newUser('journey');

  // §2 /register
  await openForm(page, '/register');
  await expect(page.getByRole('heading', { level: 1, name: 'Create Your Account' })).toBeVisible();
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Confirm password').fill(user.password);
  const create = page.getByRole('button', { name: 'Create Account' });
  await expect(create).toBeDisabled();
  await setChecked(page.getByRole('checkbox', { name: /I agree to the/ }), true);
  await expect(create).toBeEnabled();
  await screenshot(page, 'register');
  await expectAccessible(page, '/register');
  const since = Date.now();
  await create.click();
  await expect(toastWith(page, 'Registration successful! Please check your email for verification code')).toBeVisible();

  // §2 /verify-otp (type registration), with the code from the e-mail
  await expect(page).toHaveURL(/\/verify-otp$/);
  await expect(page.getByText(user.username)).toBeVisible();
  await screenshot(page, 'verify-otp');
  await expectAccessible(page, '/verify-otp');
  await page.getByLabel('Verification code').fill(await readOtp(user.email, { since }));
  await page.getByRole('button', { name: 'Verify Code' }).click();
  await expect(toastWith(page, 'Email verified successfully! You can now sign in to your account.')).toBeVisible();

  // §2 /login
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await screenshot(page, 'login');
  await expectAccessible(page, '/login');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(toastWith(page, 'Welcome back! You have been successfully logged in.')).toBeVisible();

  // §2 /dashboard, no school yet: the welcome screen
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: `Welcome, ${user.username}!` })).toBeVisible();
  await screenshot(page, 'dashboard-welcome');
  await expectAccessible(page, '/dashboard (welcome)');
  await page.getByRole('button', { name: 'Create Your School' }).click();

  // §2 /setup/school
  await expect(page).toHaveURL(/\/setup\/school$/);
  const stamp = Date.now().toString(36);
  const name = `Journey Vidya Mandir ${stamp}`;
  const subdomain = `journey-vidya-mandir-${stamp}`;
  await page.getByLabel('School name').fill(name);
  await expect(page.getByLabel('Subdomain')).toHaveValue(subdomain);
  await expect(page.getByText(`${subdomain}.localhost:${new URL(baseURL!).port} is available`)).toBeVisible();
  await page.getByLabel('School level').selectOption({ label: 'Mixed' });
  await page.getByLabel('Board', { exact: false }).fill('CBSE');
  await page.getByLabel('Address line 1').fill('14 Nehru Marg');
  await page.getByLabel('Locality').fill('Swaroop Nagar');
  await page.getByLabel('City').fill('Kanpur');
  await page.getByLabel('State').selectOption('Uttar Pradesh');
  await expect(page.getByLabel('Country')).toHaveValue('India');
  await page.getByLabel('PIN code').fill('208002');
  await page.getByLabel('Phone number 1').fill('+915122345678');
  await page.getByLabel("Principal's name").fill('Dr. Meera Joshi');
  await page.getByLabel('Established year').fill('1987');
  await screenshot(page, 'setup-school');
  await expectAccessible(page, '/setup/school');
  await page.getByRole('button', { name: 'Create School' }).click();
  await expect(toastWith(page, 'School created successfully!')).toContainText('Your school profile has been created and is pending approval.');

  // §4 a new school is pending; progress 1 of 4
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText(`Welcome back, ${user.username}!`)).toBeVisible();
  await expect(page.getByText('Pending Approval', { exact: true })).toBeVisible();
  await expect(page.getByText('25% complete')).toBeVisible();
  await expect(page.getByText('Next step: Add Classes')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Visit Portal' })).toHaveCount(0);
  await screenshot(page, 'dashboard-pending');
  await expectAccessible(page, '/dashboard (pending)');
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('vidyalaya_school') ?? 'null'));
  expect(stored.school.name).toBe(name);
  expect(stored.setupProgress).toMatchObject({ schoolCreated: true, classesAdded: false, sectionsAdded: false, subjectsAdded: false });
  await page.getByRole('button', { name: 'Continue Setup' }).click();

  // §2 /setup/classes
  await expect(page).toHaveURL(new RegExp(`/setup/classes\\?schoolId=${stored.school.id}$`));
  await page.getByRole('button', { name: 'Select All Higher Secondary' }).click();
  await setChecked(page.getByRole('checkbox', { name: 'Class 10' }), true);
  await expect(page.getByRole('group', { name: 'Higher Secondary' }).getByText('2/2')).toBeVisible();
  await expect(page.getByRole('heading', { name: '3 classes selected' })).toBeVisible();
  await screenshot(page, 'setup-classes');
  await expectAccessible(page, '/setup/classes');
  await page.getByRole('button', { name: 'Create Classes (3)' }).click();
  await expect(toastWith(page, 'Classes Created Successfully!')).toContainText('3 classes have been created for your school.');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('50% complete')).toBeVisible();
  await page.getByRole('button', { name: 'Continue Setup' }).click();

  // §2 /setup/sections: A, B, C drafts for each new class
  await expect(page).toHaveURL(/\/setup\/sections\?schoolId=/);
  const class10 = page.getByRole('group', { name: 'Class 10' });
  await expect(class10.getByRole('list', { name: 'New sections of Class 10' }).getByRole('listitem')).toHaveText(['A', 'B', 'C']);
  await class10.getByRole('button', { name: 'Add Section to Class 10' }).click();
  await expect(class10.getByRole('list', { name: 'New sections of Class 10' }).getByRole('listitem')).toHaveText(['A', 'B', 'C', 'D']);
  await screenshot(page, 'setup-sections');
  await expectAccessible(page, '/setup/sections');
  await page.getByRole('button', { name: 'Create Sections' }).click();
  await expect(toastWith(page, 'Sections Created Successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('75% complete')).toBeVisible();
  await page.getByRole('button', { name: 'Continue Setup' }).click();

  // §2 /setup/subjects: the dialog per class
  await expect(page).toHaveURL(/\/setup\/subjects\?schoolId=/);
  for (const [className, subjects] of [
    ['Class 10', ['English', 'Mathematics', 'Science']],
    ['Class 11', ['English', 'Physics']],
    ['Class 12', ['English', 'Chemistry']],
  ] as const) {
    await page.getByRole('button', { name: `Add Subjects to ${className}` }).click();
    const dialog = page.getByRole('dialog', { name: `Select Subjects for ${className}` });
    for (const subject of subjects) await setChecked(dialog.getByRole('checkbox', { name: new RegExp(`^${subject}\\b`) }), true);
    await expect(dialog.getByText(`${subjects.length} selected`)).toBeVisible();
    if (className === 'Class 10') {
      await screenshot(page, 'setup-subjects-dialog');
      await expectAccessible(page, 'subjects dialog');
    }
    await dialog.getByRole('button', { name: `Save Selection (${subjects.length})` }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('list', { name: `New subjects of ${className}` }).getByRole('listitem')).toHaveText([...subjects]);
  }
  await screenshot(page, 'setup-subjects');
  await expectAccessible(page, '/setup/subjects');
  await page.getByRole('button', { name: 'Save Subjects Configuration' }).click();
  await expect(toastWith(page, 'Subjects Saved Successfully!')).toBeVisible();

  // §4 dashboard at 100%, waiting for approval
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('100% complete')).toBeVisible();
  await expect(page.getByText('Setup complete! Your school is waiting for approval, which usually takes 24-48 hours.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue Setup' })).toHaveCount(0);
  await screenshot(page, 'dashboard-complete');

  // Staff approve through the API (DECISIONS: POST /admin/schools/{id}/approve)
  await approveSchool(request, await staffToken(request), stored.school.id);
  await page.reload();
  await expect(page.getByText('Approved', { exact: true })).toBeVisible();
  await expect(page.getByText('Free trial: 30 days left')).toBeVisible();
  await expect(page.getByText('Setup complete! Your school is approved and the system is ready to use.')).toBeVisible();
  await screenshot(page, 'dashboard-approved');
  await expectAccessible(page, '/dashboard (approved)');

  // Visit Portal: a new tab on http://{subdomain}.localhost:{port}
  const [portal] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name: 'Visit Portal' }).click()]);
  await portal.waitForLoadState();
  expect(portal.url()).toBe(`http://${subdomain}.localhost:${new URL(baseURL!).port}/`);
  await expect(portal.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(portal.getByText('Kanpur, Uttar Pradesh').first()).toBeVisible();
  await expect(portal.getByText('CBSE')).toBeVisible();
  await expect(portal.getByText('mixed')).toBeVisible();
  // Issue 13: signing in happens on the school's own host, into its workspace.
  await expect(portal.getByRole('link', { name: 'Staff and parents: sign in' }).first()).toHaveAttribute('href', '/sign-in');
  await screenshot(portal, 'portal');
  await expectAccessible(portal, 'school portal');
});

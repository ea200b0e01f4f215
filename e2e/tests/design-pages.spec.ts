import type { Browser } from '@playwright/test';
import { makeDesign } from '../support/design-api.js';
import { expect, newUser, signInThroughUi, test, type TestUser } from '../support/fixtures.js';

/**
 * The community pages after the create flow: the design page's owner actions (Edit Name, the
 * story), the designer profile, drafts on /profile, the vote on gallery cards held by the server
 * across sessions, and filters that survive a reload and a shared link. Two people, two browsers.
 */
async function signedIn(browser: Browser, user: TestUser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInThroughUi(page, user);
  return { context, page };
}

test('the owner names an unnamed design and writes its story; others see the designer page', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const designerUser = newUser({ name: `Ridge Runner ${Date.now().toString(36)}` });
  const designer = await signedIn(browser, designerUser);
  const visitor = await signedIn(browser, newUser({ name: 'Page Visitor' }));
  const a = designer.page;
  const b = visitor.page;

  const unnamed = await makeDesign(a, { name: 'No Name', state: 'MT', photo: 'grassland' });
  const draft = await makeDesign(a, { state: 'MT', submit: false });

  // Edit Name, only while the name is 'No Name'.
  await a.goto(`/gallery/${unnamed.id}`);
  await expect(a.getByRole('heading', { level: 1, name: 'No Name' })).toBeVisible();
  await a.getByRole('button', { name: 'Edit Name' }).click();
  await a.getByRole('button', { name: 'Save' }).click();
  await expect(a.getByText('Design name cannot be empty.')).toBeVisible();
  const name = `Bunchgrass ${Date.now().toString(36)}`;
  await a.getByRole('textbox', { name: 'Design name' }).fill(name);
  await a.getByRole('button', { name: 'Save' }).click();
  await expect(a.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(a.getByRole('button', { name: 'Edit Name' })).toHaveCount(0);

  // The story, as typed and shown as text.
  await a.getByRole('button', { name: 'Write Your Story' }).click();
  const story = 'Made for <i>late</i> season antelope.';
  await a.getByRole('textbox', { name: 'Your story' }).fill(story);
  await a.getByRole('button', { name: 'Save Story' }).click();
  await expect(a.getByText(story)).toBeVisible();
  await a.reload();
  await expect(a.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(a.getByText(story)).toBeVisible();

  // The visitor reads it, cannot change it, and follows 'Created by' to the designer page.
  await b.goto(`/gallery/${unnamed.id}`);
  await expect(b.getByText(story)).toBeVisible();
  await expect(b.getByRole('button', { name: /Edit Name|Write Your Story|Edit Story/ })).toHaveCount(0);
  await b.getByRole('link', { name: designerUser.name }).click();
  await expect(b).toHaveURL(/\/gallery\/user\/[^/]+$/);
  await expect(b.getByRole('heading', { level: 1, name: designerUser.name })).toBeVisible();
  await expect(b.getByText(/^Member since /)).toBeVisible();
  await expect(b.getByRole('link', { name: new RegExp(name) })).toBeVisible();
  await expect(b.getByText('Montana').first()).toBeVisible();
  await expect(b.getByRole('link', { name: 'Edit Profile' })).toHaveCount(0);
  const designerPage = b.url();

  // The designer's own page offers Edit Profile; the draft is on /profile and goes back to the
  // create flow; nobody else can open it.
  await a.goto(designerPage);
  await expect(a.getByRole('link', { name: 'Edit Profile' })).toHaveAttribute('href', '/profile');
  await a.goto('/profile');
  const draftLink = a.getByRole('link', { name: /Draft, not submitted yet/ });
  await expect(draftLink).toHaveAttribute('href', `/create-design?photo=${draft.photoId}`);
  await draftLink.click();
  await expect(a.getByRole('button', { name: 'Submit Design' })).toBeVisible({ timeout: 30_000 });

  await b.goto(`/gallery/${draft.id}`);
  await expect(b.getByRole('alert')).toHaveText('Design not found.');
  await b.goto('/gallery/user/no-such-user');
  await expect(b.getByRole('heading', { name: 'User Not Found' })).toBeVisible();
  await expect(b.getByText("The user you're looking for doesn't exist.")).toBeVisible();

  await designer.context.close();
  await visitor.context.close();
});

test('a vote from a gallery card holds across sessions; filters survive a reload and a shared link', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const designer = await signedIn(browser, newUser({ name: 'Card Designer' }));
  const voterUser = newUser({ name: 'Card Voter' });
  const voter = await signedIn(browser, voterUser);
  const name = `Sagebrush ${Date.now().toString(36)}`;
  await makeDesign(designer.page, { name, state: 'WY', photo: 'desert' });

  // Filters set by hand: Most Recent, Wyoming.
  const b = voter.page;
  await b.goto('/gallery');
  await b.getByRole('button', { name: 'Most Recent' }).click();
  await b.getByRole('combobox', { name: /^State/ }).selectOption('WY');
  await expect(b).toHaveURL(/sort=recent/);
  await expect(b).toHaveURL(/state=WY/);
  await b.reload();
  await expect(b.getByRole('combobox', { name: /^State/ })).toHaveValue('WY');
  await expect(b.getByRole('button', { name: 'Most Recent' })).toHaveAttribute('aria-pressed', 'true');

  // The vote on the card shows at once and comes back from the server.
  await b.getByRole('button', { name: `Vote for ${name}` }).click();
  await expect(b.getByRole('button', { name: `Voted for ${name}` })).toBeDisabled();
  const shared = b.url();

  // The designer opens the shared link: the same filters, and 'Your Design' on the card.
  const a = designer.page;
  await a.goto(shared);
  await expect(a.getByRole('combobox', { name: /^State/ })).toHaveValue('WY');
  await expect(a.getByRole('button', { name: 'Most Recent' })).toHaveAttribute('aria-pressed', 'true');
  const card = a.getByRole('listitem').filter({ hasText: name });
  await expect(card.getByRole('button', { name: 'Your Design' })).toBeDisabled();
  await expect(card.getByText('1 vote')).toBeVisible();

  // A new session of the voter (another browser) finds the vote cast and cannot vote again.
  const again = await signedIn(browser, voterUser);
  await again.page.goto(shared);
  await expect(again.page.getByRole('button', { name: `Voted for ${name}` })).toBeDisabled();

  await designer.context.close();
  await voter.context.close();
  await again.context.close();
});

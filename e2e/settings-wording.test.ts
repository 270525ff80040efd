// What Settings says: the model field's help follows the kind of backend, a cloud backend that
// cannot be reached gets a hint for a cloud service, and saving the defaults says it saved.
import { describe, expect, test } from 'vitest';
import { deadUrl } from '../sim/dead-url.ts';
import { canRun, useBrowser } from './harness/suite.ts';
import { addBackend, showScreen } from './harness/ui.ts';

describe.skipIf(!canRun)('Settings wording', () => {
  const b = useBrowser();

  test('the model field says it is required for OpenAI and optional for vLLM, never both', async () => {
    const h = await b.open();
    const { page } = h;
    await showScreen(page, 'Settings');
    await page.getByRole('button', { name: 'Add backend' }).click();
    const form = page.getByRole('form', { name: 'New backend' });
    const model = form.getByLabel('Model', { exact: true });
    await expect(model.getAttribute('placeholder')).resolves.toMatch(/first model/);
    await form.getByText('Leave empty to use the first model the server lists.').waitFor();

    await form.getByLabel('Kind').selectOption('openai');
    await expect(model.getAttribute('placeholder')).resolves.toBe('required');
    await expect(model.getAttribute('required')).resolves.not.toBeNull();
    await form.getByText(/^Required: this service serves many models/).waitFor();
    await expect(form.textContent()).resolves.not.toMatch(/first model/);
  });

  test('an OpenAI backend that cannot be reached is told to check URL and network, not to start vLLM', async () => {
    const h = await b.open();
    const { page } = h;
    const card = await addBackend(page, {
      kind: 'openai',
      name: 'Cloud',
      url: await deadUrl(),
      apiKey: 'sk-test-not-shown',
      model: 'gpt-4o-mini',
    });
    // Tested on saving: the failure names what to check for a cloud service.
    const alert = card.getByRole('alert');
    await alert.waitFor();
    await expect(alert.textContent()).resolves.toMatch(/network connection/);
    await expect(alert.textContent()).resolves.not.toMatch(/vllm/i);
    await expect(alert.locator('code').first().textContent()).resolves.toBe(
      'https://api.openai.com/v1',
    );
  });

  test('Save defaults says Saved and is disabled until something changes', async () => {
    const h = await b.open();
    const { page } = h;
    await showScreen(page, 'Settings');
    const form = page.getByRole('form', { name: 'Default run settings' });
    const save = form.getByRole('button', { name: 'Save defaults' });
    await expect(save.isDisabled()).resolves.toBe(true);
    await form.getByLabel('Chunk size (tokens)').fill('4000');
    await expect(save.isEnabled()).resolves.toBe(true);
    await save.click();
    await form.getByRole('status').getByText('Saved', { exact: true }).waitFor();
    await expect(save.isDisabled()).resolves.toBe(true);
    await form.getByLabel('Chunk size (tokens)').fill('4500');
    await expect(form.getByRole('status').textContent()).resolves.toBe('');
    await expect(save.isEnabled()).resolves.toBe(true);
  });
});

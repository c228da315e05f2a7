import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfigProvider, Form, Input } from 'antd';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';

import { FormDialog, useEditDialog } from './form-dialog';

interface Values {
  name: string;
}

/** A list page's dialog over two records, as the management pages use it. */
function Page({ onSave, busy = false, banner }: { onSave: (values: Values) => void; busy?: boolean; banner?: string[] }) {
  const dialog = useEditDialog<Values>();
  const [form] = Form.useForm<Values>();
  const [saved, setSaved] = useState<string>('');
  return (
    <>
      <button onClick={dialog.create}>create</button>
      <button onClick={() => dialog.edit({ name: 'Pump' })}>edit</button>
      <output>{saved}</output>
      <FormDialog
        open={dialog.open}
        title="Device"
        form={form}
        name="testForm"
        initialValues={dialog.record ?? { name: '' }}
        onFinish={(values) => {
          onSave(values);
          setSaved(values.name);
          dialog.close();
        }}
        busy={busy}
        onClose={dialog.close}
        banner={banner}
      >
        <Form.Item label="Name" name="name" rules={[{ required: true, message: 'Name is required' }]}>
          <Input />
        </Form.Item>
      </FormDialog>
    </>
  );
}

// No motion: jsdom never ends CSS animations, so a closed dialog would never be dropped.
const renderPage = (props: Parameters<typeof Page>[0]) =>
  render(
    <ConfigProvider theme={{ token: { motion: false } }}>
      <Page {...props} />
    </ConfigProvider>,
  );

describe('FormDialog', () => {
  it('saves only values that pass the rules, then closes', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn();
    renderPage({ onSave });
    await user.click(screen.getByRole('button', { name: 'create' }));
    await user.click(screen.getByRole('button', { name: /save|保\s*存/i }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Name'), 'Valve');
    await user.click(screen.getByRole('button', { name: /save|保\s*存/i }));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ name: 'Valve' }));
    expect(screen.getByRole('status')).toHaveTextContent('Valve');
  });

  it('opens on the chosen record each time: an edit after a create shows the record, not the typed text', async () => {
    const user = userEvent.setup();
    renderPage({ onSave: vi.fn() });
    await user.click(screen.getByRole('button', { name: 'create' }));
    await user.type(screen.getByLabelText('Name'), 'typed');
    await user.click(screen.getByRole('button', { name: /cancel|取\s*消/i }));
    await user.click(screen.getByRole('button', { name: 'edit' }));
    expect(await screen.findByLabelText('Name')).toHaveValue('Pump');
  });

  it('while saving: fields and cancel are disabled; errors no field takes show above the form', async () => {
    const user = userEvent.setup();
    renderPage({ onSave: vi.fn(), busy: true, banner: ['The company is disabled', 'Try later'] });
    await user.click(screen.getByRole('button', { name: 'edit' }));
    expect(await screen.findByLabelText('Name')).toBeDisabled();
    expect(screen.getByRole('button', { name: /cancel|取\s*消/i })).toBeDisabled();
    expect(screen.getByRole('alert')).toHaveTextContent('The company is disabled；Try later');
  });
});

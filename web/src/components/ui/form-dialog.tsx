import { Alert, Form, Modal, type FormInstance, type FormProps, type ModalProps } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface FormDialogProps<T> extends Omit<ModalProps, 'onOk' | 'onCancel' | 'confirmLoading'> {
  /** The dialog's form: "save" submits it. */
  form: FormInstance<T>;
  /** The form's name (its fields' ids start with it). */
  name: string;
  initialValues?: FormProps<T>['initialValues'];
  /** Called with the values once every field's rules pass. */
  onFinish: (values: T) => void;
  /** While saving: "save" spins, "cancel" and closing by the mask are blocked. */
  busy: boolean;
  onClose: () => void;
  /** Errors of the server's answer no field takes, shown above the form. */
  banner?: string[];
}

/**
 * The create/edit dialog of a management page: save (submits `form`) and cancel buttons, not closed by a
 * click on the mask, its content dropped when hidden (the form clears itself with `clearOnDestroy`, so each
 * opening shows the chosen record). Any Modal prop given overrides these, e.g. `destroyOnHidden={false}`.
 * The children are the form's content: a vertical form, disabled while saving, that scrolls to the first
 * field in error.
 */
export function FormDialog<T>({ form, name, initialValues, onFinish, busy, onClose, banner, children, ...modal }: FormDialogProps<T>) {
  const { t } = useTranslation();
  return (
    <Modal
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={busy}
      cancelButtonProps={{ disabled: busy }}
      mask={{ closable: false }}
      destroyOnHidden
      {...modal}
    >
      {banner && banner.length > 0 && <Alert type="error" showIcon title={banner.join('；')} style={{ marginBottom: 16 }} role="alert" />}
      <Form<T>
        form={form}
        name={name}
        layout="vertical"
        initialValues={initialValues}
        onFinish={onFinish}
        // a fresh form at every opening: the store outlives the destroyed fields, and would otherwise
        // give the next opening the values of the last one
        clearOnDestroy
        disabled={busy}
        scrollToFirstError
      >
        {children}
      </Form>
    </Modal>
  );
}

/**
 * The state of a list page's create/edit dialog: closed, open empty (create) or open on a record (edit).
 * The page gives `open`, `record` and `close` to its dialog, `create` to its CreateButton, `edit` to a row.
 */
export function useEditDialog<T>() {
  const [state, setState] = useState<{ open: boolean; record: T | null }>({ open: false, record: null });
  return {
    ...state,
    create: () => setState({ open: true, record: null }),
    edit: (record: T) => setState({ open: true, record }),
    close: () => setState({ open: false, record: null }),
  };
}

/**
 * The errors of the server's answer that no field takes (FormDialog's `banner`) and their setter,
 * emptied at each opening of the dialog.
 */
export function useDialogBanner(open: boolean) {
  const [banner, setBanner] = useState<string[]>([]);
  useEffect(() => {
    if (open) setBanner([]);
  }, [open]);
  return [banner, setBanner] as const;
}

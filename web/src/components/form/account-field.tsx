import { Form, Input, type FormInstance, type FormRule } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { throttle } from '@/lib/format';
import { useFormRules } from '@/lib/form-rules';
import { isValidAccount } from '@/lib/validators';
import type { AccountCheck } from '@/types/api';

import { checkAccount } from './check-account';

type CheckState = 'idle' | 'checking' | 'available' | 'taken';
type NamePath = string | (string | number)[];

/**
 * Checks a new account while it is typed: GET /api/users/check-user-account, throttled (300 ms),
 * answers cached per value. When an answer comes in for the value still in the field, the field is
 * validated again, so "taken" shows under it before any submit.
 */
export function useAccountCheck(form: FormInstance, name: NamePath) {
  const { t } = useTranslation();
  const cache = useRef(new Map<string, AccountCheck>());
  const current = useRef('');
  const [state, setState] = useState<CheckState>('idle');

  const fetchOne = useCallback(
    async (value: string): Promise<AccountCheck | null> => {
      try {
        const answer = await checkAccount(value);
        cache.current.set(value, answer);
        return answer;
      } catch {
        return null;
      }
    },
    [],
  );

  const throttled = useMemo(
    () =>
      throttle((value: string) => {
        void fetchOne(value).then((answer) => {
          if (current.current !== value) return;
          if (!answer) {
            setState('idle');
            return;
          }
          void form.validateFields([name]).catch(() => undefined);
        });
      }),
    // name is a constant of the form
    [fetchOne, form],
  );
  useEffect(() => () => throttled.cancel(), [throttled]);

  const rule: FormRule = useMemo(
    () => ({
      validator: async (_rule, raw: unknown) => {
        const value = typeof raw === 'string' ? raw : '';
        current.current = value;
        if (!isValidAccount(value)) {
          setState('idle');
          return; // the format rule says what is wrong
        }
        const known = cache.current.get(value);
        if (known) {
          setState(known.available ? 'available' : known.reason === 'taken' ? 'taken' : 'idle');
          if (known.reason === 'taken') throw new Error(t('validation.accountTaken'));
          return;
        }
        setState('checking');
        throttled(value);
      },
    }),
    [t, throttled],
  );

  /** Before a create call: the answer for this value (fetched now if not known); false when taken. */
  const ensureAvailable = useCallback(
    async (value: string): Promise<boolean> => {
      const answer = cache.current.get(value) ?? (await fetchOne(value));
      if (answer?.reason === 'taken') {
        current.current = value;
        setState('taken');
        form.setFields([{ name, errors: [t('validation.accountTaken')] }]);
        return false;
      }
      return true;
    },
    [fetchOne, form, t],
  );

  const reset = useCallback(() => {
    cache.current.clear();
    current.current = '';
    setState('idle');
  }, []);

  return { rule, state, ensureAvailable, reset };
}

interface AccountFieldProps {
  name: NamePath;
  label: string;
  check: ReturnType<typeof useAccountCheck>;
}

/** The account field of a create form: the format rule, then the live availability check. */
export function AccountField({ name, label, check }: AccountFieldProps) {
  const { t } = useTranslation();
  const rules = useFormRules();
  const extra =
    check.state === 'checking' ? t('validation.accountChecking') : check.state === 'available' ? t('validation.accountAvailable') : undefined;
  return (
    <Form.Item
      label={label}
      name={name}
      rules={[rules.filled(label), rules.account, check.rule]}
      extra={extra ? <span className={`account-check account-check-${check.state}`}>{extra}</span> : undefined}
      validateDebounce={0}
    >
      <Input placeholder={t('validation.accountPlaceholder')} autoComplete="off" maxLength={32} />
    </Form.Item>
  );
}

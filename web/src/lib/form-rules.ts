import type { FormRule } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import { creditCodeProblem } from './credit-code';
import { isValidAccount, isValidEmail, isValidPassword, isValidPhone } from './validators';

type Check = (value: string) => string | null;

/** An antd rule from a check that returns the message of what is wrong (or null); empty values pass. */
export function checkRule(check: Check): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      if (value === undefined || value === null || value === '') return;
      const problem = check(String(value));
      if (problem) throw new Error(problem);
    },
  };
}

/**
 * The translated field rules of the company and user forms: each one the server's rule
 * (docs/api.md), so messages show per field before any call.
 */
export function useFormRules() {
  const { t, i18n } = useTranslation();
  return useMemo(() => {
    const required = (message: string): FormRule => ({ required: true, whitespace: true, message });
    const max = (n: number): FormRule => ({ max: n, message: t('validation.maxLength', { max: n }) });
    return {
      /** A text must be typed (not only spaces); the message names the field. */
      filled: (field: string): FormRule => required(t('validation.required', { field })),
      /** A choice (a select, a cascader) must be made; the message names the field. */
      chosen: (field: string): FormRule => ({ required: true, message: t('validation.select', { field }) }),
      max,
      account: checkRule((v) => (isValidAccount(v) ? null : t('validation.account'))),
      password: checkRule((v) => (isValidPassword(v) ? null : t('validation.password'))),
      phone: checkRule((v) => (isValidPhone(v) ? null : t('validation.phone'))),
      email: checkRule((v) => (isValidEmail(v) ? null : t('validation.email'))),
      creditCode: checkRule((v) => {
        const problem = creditCodeProblem(v);
        if (problem === 'length') return t('validation.creditCodeLength');
        if (problem === 'characters') return t('validation.creditCodeCharacters');
        if (problem === 'check') return t('validation.creditCodeCheck');
        return null;
      }),
    };
  }, [t, i18n.language]);
}

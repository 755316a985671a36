import { useMutation } from '@tanstack/react-query';
import { register } from '../api';
import type { SignUpValues } from '../validation';

export function useSignUp() {
  return useMutation({ mutationFn: (values: SignUpValues) => register(values) });
}

/** The password policy of API.md (8 characters or more, a lowercase, an uppercase, a digit), rule by rule. */
export const PASSWORD_RULES = [
  { key: 'rule_length', test: (password: string) => password.length >= 8 },
  { key: 'rule_lower', test: (password: string) => /[a-zà-ÿ]/.test(password) },
  { key: 'rule_upper', test: (password: string) => /[A-ZÀ-Þ]/.test(password) },
  { key: 'rule_digit', test: (password: string) => /\d/.test(password) },
] as const;

export const meetsPasswordPolicy = (password: string) => PASSWORD_RULES.every((rule) => rule.test(password));

/** What a group of resources translates: react-admin's `resources.<name>` entries and the enum labels under `choices`. */
export interface ResourceMessages {
  resources: Record<string, { name: string; fields: Record<string, string>; [key: string]: unknown }>;
  choices: Record<string, Record<string | number, string>>;
}

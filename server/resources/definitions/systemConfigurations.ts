import { systemConfigurations } from '../../../src/domain/contracts/systemConfigurations.ts';
import { declareResource } from '../declare.ts';

export const systemConfigurationsDeclaration = declareResource(systemConfigurations, {
  table: 'system_configurations',
  constraints: { system_configurations_key_key: { field: 'key', message: 'This key already exists.' } },
});

import { defineSelfTest, listChecks } from './define-self-test.ts';
import { resourceApiFaultExpectations } from './resource-api-faults.ts';

defineSelfTest({ system: 'resource-api', expectations: resourceApiFaultExpectations, checkIds: () => listChecks('resource-api'), postgres: true });

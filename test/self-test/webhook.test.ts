import { defineSelfTest, listChecks } from './define-self-test.ts';
import { webhookFaultExpectations } from './webhook-faults.ts';

defineSelfTest({ system: 'webhook', expectations: webhookFaultExpectations, checkIds: () => listChecks('webhook'), postgres: true });

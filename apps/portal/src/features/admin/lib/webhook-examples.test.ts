import { describe, expect, it } from 'vitest';
import { examplePayload, webhookEvents } from './webhook-examples.ts';

describe('examplePayload (#20.2)', () => {
  it('has the fields the API sends for each event', () => {
    for (const event of webhookEvents) {
      const payload = examplePayload(event, 'kitchen-planner');
      expect(payload).toMatchObject({
        event,
        applicationId: 'kitchen-planner',
        occurredAt: '2026-11-25T09:00:00.000Z',
      });
      expect(Object.keys(payload)).toEqual(
        event === 'TEST'
          ? ['id', 'event', 'applicationId', 'userId', 'occurredAt']
          : ['id', 'event', 'applicationId', 'userId', 'roleIds', 'accountAccessIds', 'occurredAt'],
      );
    }
  });
});

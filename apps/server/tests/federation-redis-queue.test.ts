import crypto from 'node:crypto';
import { testMessageQueue } from '@fedify/testing';
import { describe, it } from 'vitest';
import { RedisMessageQueue } from '../src/modules/federation';

/**
 * Fedify's MessageQueue on BullMQ, used when REDIS_URL is set (issue 49, decision 084): two queues on
 * one Redis, as two servers, pass @fedify/testing's conformance suite (without ordering keys, which
 * BullMQ's free edition does not keep).
 */
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('the message queue on BullMQ', () => {
  it("passes @fedify/testing's conformance suite", async () => {
    const prefix = `spotter-test-${crypto.randomBytes(4).toString('hex')}:`;
    await testMessageQueue(
      () => RedisMessageQueue.open({ url: redisUrl, prefix }),
      async ({ mq1, mq2, controller }) => {
        controller.abort();
        await mq1.close();
        await mq2.close();
      },
    );
  }, 60_000);
});

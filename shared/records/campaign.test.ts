import { campaignContactSchema, campaignCreateResultSchema, campaignMetricsSchema, campaignSchema, campaignStepSchema } from './campaign';
import { v2Envelope } from './envelope';
import { sampleCampaign, sampleCampaignStep } from './test-fixtures';

describe('campaign (spec 2.2, 2.3, 4.3)', () => {
  it('parses a campaign with numContacts / numSteps as strings', () => {
    expect(campaignSchema.parse(sampleCampaign)).toEqual(sampleCampaign);
  });

  it('rejects numContacts or numSteps as numbers', () => {
    for (const field of ['numContacts', 'numSteps']) {
      const r = campaignSchema.safeParse({ ...sampleCampaign, [field]: 3 });
      expect(r.error?.issues[0].path).toEqual([field]);
    }
  });

  it('knows the archived state and refuses unknown ones', () => {
    expect(campaignSchema.safeParse({ ...sampleCampaign, status: 'archived' }).success).toBe(true);
    expect(campaignSchema.safeParse({ ...sampleCampaign, status: 'running' }).success).toBe(false);
  });

  it('accepts null only where the spec allows it', () => {
    expect(campaignSchema.safeParse({ ...sampleCampaign, maxActiveContacts: 5, startedAt: '2024-04-02T00:00:00Z' }).success).toBe(true);
    expect(campaignSchema.safeParse({ ...sampleCampaign, createdAt: null }).success).toBe(false);
  });

  it('parses the 201 create answer', () => {
    const body = { success: true, data: { campaign: sampleCampaign, steps: [sampleCampaignStep], contactsAdded: 2 } };
    const parsed = v2Envelope(campaignCreateResultSchema).parse(body);
    expect(parsed.data.steps[0].stepNumber).toBe(1);
    expect(campaignStepSchema.safeParse({ ...sampleCampaignStep, templateId: 3 }).success).toBe(false);
  });

  it('parses campaign contacts and metrics', () => {
    expect(campaignContactSchema.parse({ contactId: '1001', status: 'active', addedAt: '2024-04-01T09:00:00Z' }).contactId).toBe('1001');
    expect(campaignMetricsSchema.safeParse({ numContacts: 3, emailsSent: 2, opens: 1, replies: 0, bounces: 0 }).success).toBe(true);
    expect(campaignMetricsSchema.safeParse({ numContacts: 3, emailsSent: -1, opens: 1, replies: 0, bounces: 0 }).success).toBe(false);
  });
});

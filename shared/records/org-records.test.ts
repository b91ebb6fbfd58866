import { orgContactSchema, orgContactFieldGroups } from './org-contact';
import { orgCompanySchema } from './org-company';
import { v1DataList } from './envelope';
import { sampleOrgCompany, sampleOrgContact } from './test-fixtures';

describe('org contact (spec 2.8)', () => {
  it('parses a complete sample with every 2.8 field', () => {
    const parsed = orgContactSchema.parse(sampleOrgContact);
    expect(parsed).toEqual(sampleOrgContact);
    // The sample really is complete: it names every schema field and nothing else.
    expect(Object.keys(sampleOrgContact).sort()).toEqual(Object.keys(orgContactSchema.shape).sort());
  });

  it('has the spec field counts: 25 link fields, both locations, the history arrays', () => {
    expect(orgContactFieldGroups.links).toHaveLength(25);
    expect(orgContactFieldGroups.location).toEqual(['contactLocation', 'companyLocation']);
    expect(orgContactFieldGroups.history).toEqual(expect.arrayContaining(['jobHistory', 'newsAndEvents']));
  });

  it('keeps extra fields, top-level and nested', () => {
    const input = {
      ...sampleOrgContact,
      brandNewField: 'x',
      contactLocation: { ...sampleOrgContact.contactLocation, geo: { lat: 1 } },
      jobHistory: [{ companyName: 'A', extra: true }],
    };
    const parsed = orgContactSchema.parse(input);
    expect(parsed.brandNewField).toBe('x');
    expect(parsed.contactLocation?.geo).toEqual({ lat: 1 });
    expect(parsed.jobHistory?.[0].extra).toBe(true);
  });

  it('accepts a sparse record with only the identity fields', () => {
    const sparse = { contactId: '7', createdAt: '2024-01-01T00:00:00Z', updatedAt: '2024-01-01T00:00:00Z' };
    expect(orgContactSchema.parse(sparse)).toEqual(sparse);
  });

  it('requires the identity fields; contactId must be a digit string', () => {
    const { contactId: _omit, ...noId } = sampleOrgContact;
    expect(orgContactSchema.safeParse(noId).error?.issues[0].path).toEqual(['contactId']);
    expect(orgContactSchema.safeParse({ ...sampleOrgContact, contactId: 1001 }).success).toBe(false);
    expect(orgContactSchema.safeParse({ ...sampleOrgContact, contactId: 'c-1' }).success).toBe(false);
  });

  it.each([
    ['companyStaffCount', '250', ['companyStaffCount']],
    ['companyStaffCount', 2.5, ['companyStaffCount']],
    ['email1Selected', 'true', ['email1Selected']],
    ['companyLatestFundingDate', '2023-09-15T00:00:00Z', ['companyLatestFundingDate']],
    ['updatedAt', '2024-03-02 11:30', ['updatedAt']],
    ['whois', 'not a url', ['whois']],
    ['companyLatestFundingClassifications', 'Series A', ['companyLatestFundingClassifications']],
    ['contactLocation', { countryNumeric: '840' }, ['contactLocation', 'countryNumeric']],
    ['jobHistory', [{ endedAt: '2021-06-30' }], ['jobHistory', 0, 'endedAt']],
  ])('rejects a wrong %s with a path naming the field', (field, value, path) => {
    const r = orgContactSchema.safeParse({ ...sampleOrgContact, [field]: value });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.path)).toEqual([path]);
  });

  it('parses the v1 read body {data: [...]}', () => {
    expect(v1DataList(orgContactSchema).parse({ data: [sampleOrgContact] }).data).toHaveLength(1);
  });
});

describe('org company (DECISIONS)', () => {
  it('parses a complete sample and keeps extras', () => {
    expect(orgCompanySchema.parse({ ...sampleOrgCompany, extra: 1 })).toEqual({ ...sampleOrgCompany, extra: 1 });
  });

  it('rejects a non-integer staffCount with its path', () => {
    const r = orgCompanySchema.safeParse({ ...sampleOrgCompany, staffCount: '250' });
    expect(r.error?.issues[0].path).toEqual(['staffCount']);
  });
});

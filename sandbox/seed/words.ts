/** Word lists the seeded generator draws from. Fictional names; real-looking places. */

import type { Location } from '../state/types';

export const FIRST_NAMES = ['Ada', 'Bruno', 'Chloe', 'Dev', 'Elena', 'Farid', 'Grace', 'Hiro', 'Ines', 'Jonas', 'Kira', 'Liam', 'Maya', 'Nikolai', 'Olivia', 'Pablo', 'Quinn', 'Rosa', 'Sami', 'Tara', 'Umar', 'Vera', 'Wes', 'Ximena', 'Yusuf', 'Zoe', 'Amara', 'Ben', 'Carla', 'Diego', 'Emma', 'Felix', 'Hannah', 'Ivan', 'Julia', 'Kofi', 'Lena', 'Marco', 'Nora', 'Omar'];
export const MIDDLE_NAMES = ['', '', '', 'J.', 'Marie', 'Lee', 'Ann', 'R.', 'James', ''];
export const LAST_NAMES = ['Abbott', 'Becker', 'Castillo', 'Dubois', 'Eriksen', 'Fischer', 'Garcia', 'Hughes', 'Ibarra', 'Jansen', 'Kowalski', 'Lindqvist', 'Moreau', 'Nakamura', 'Okafor', 'Petrov', 'Quintero', 'Rossi', 'Schmidt', 'Tanaka', 'Ueda', 'Varga', 'Walsh', 'Xu', 'Yilmaz', 'Zimmer', 'Brennan', 'Costa', 'Dalton', 'Ferreira', 'Holm', 'Keller', 'Larsen', 'Murphy', 'Novak', 'Ortega', 'Patel', 'Reyes', 'Silva', 'Turner'];

export const COMPANY_PREFIXES = ['Blue', 'North', 'Bright', 'Iron', 'Silver', 'Quantum', 'Green', 'Summit', 'Harbor', 'Crimson', 'Atlas', 'Nimbus', 'Vertex', 'Cobalt', 'Maple', 'Orbit', 'Pioneer', 'Sierra', 'Granite', 'Lumen'];
export const COMPANY_STEMS = ['Ridge', 'Wave', 'Forge', 'Leaf', 'Peak', 'Stone', 'Field', 'Path', 'Grid', 'Loop', 'Bridge', 'Works', 'Labs', 'Point', 'Shift', 'Craft', 'Line', 'Nest', 'Spark', 'Vale'];
export const COMPANY_SUFFIXES = ['Inc', 'LLC', 'Ltd', 'GmbH', 'Corp', 'Group', 'Systems', 'Technologies'];

export const INDUSTRIES = [
  'Software Development', 'Information Technology and Services', 'Financial Services', 'Hospital & Health Care', 'Marketing and Advertising',
  'Retail', 'Construction', 'Education Management', 'Logistics and Supply Chain', 'Renewables & Environment', 'Telecommunications', 'Biotechnology',
];
export const TECHNOLOGIES = [
  'Salesforce', 'HubSpot', 'AWS', 'Google Cloud', 'Azure', 'Shopify', 'WordPress', 'Zendesk', 'Stripe', 'Snowflake', 'Kubernetes', 'React',
];
export const SIC_CODES = ['7372', '7371', '7373', '6199', '8062', '7311', '5311', '1542', '8221', '4731', '4911', '4813', '2836'];

export { DEPARTMENTS, SENIORITIES } from './published-values';

/** Title patterns per seniority; `{d}` is the department. */
export const TITLES: Record<string, string[]> = {
  'C-Level': ['Chief Executive Officer', 'Chief Financial Officer', 'Chief Technology Officer', 'Chief Marketing Officer', 'Chief Operating Officer'],
  VP: ['VP of {d}', 'Vice President, {d}'],
  Director: ['Director of {d}', '{d} Director'],
  Manager: ['{d} Manager', 'Head of {d}'],
  Senior: ['Senior {d} Specialist', 'Senior {d} Analyst'],
  'Entry Level': ['{d} Associate', 'Junior {d} Coordinator'],
  'Mid-Level': ['{d} Specialist', '{d} Analyst'],
  Other: ['{d} Consultant', '{d} Advisor'],
};

/** A seed place: the location fields of spec 2.8 plus the phone prefix numbers there start with. */
export interface Place extends Location {
  phonePrefix: string;
}

export const PLACES: Place[] = [
  { city: 'Austin', state: 'Texas', stateAbbr: 'TX', county: 'Travis County', postCode: '78701', country: 'United States', countryAbbr: 'US', countryAlpha2: 'US', countryAlpha3: 'USA', countryNumeric: 840, timezone: 'America/Chicago', timezoneRawOffset: '-21600', timezoneAbbr: 'CST', phonePrefix: '+1 512' },
  { city: 'Boston', state: 'Massachusetts', stateAbbr: 'MA', county: 'Suffolk County', postCode: '02108', country: 'United States', countryAbbr: 'US', countryAlpha2: 'US', countryAlpha3: 'USA', countryNumeric: 840, timezone: 'America/New_York', timezoneRawOffset: '-18000', timezoneAbbr: 'EST', phonePrefix: '+1 617' },
  { city: 'San Francisco', state: 'California', stateAbbr: 'CA', county: 'San Francisco County', postCode: '94105', country: 'United States', countryAbbr: 'US', countryAlpha2: 'US', countryAlpha3: 'USA', countryNumeric: 840, timezone: 'America/Los_Angeles', timezoneRawOffset: '-28800', timezoneAbbr: 'PST', phonePrefix: '+1 415' },
  { city: 'Denver', state: 'Colorado', stateAbbr: 'CO', county: 'Denver County', postCode: '80202', country: 'United States', countryAbbr: 'US', countryAlpha2: 'US', countryAlpha3: 'USA', countryNumeric: 840, timezone: 'America/Denver', timezoneRawOffset: '-25200', timezoneAbbr: 'MST', phonePrefix: '+1 303' },
  { city: 'Chicago', state: 'Illinois', stateAbbr: 'IL', county: 'Cook County', postCode: '60601', country: 'United States', countryAbbr: 'US', countryAlpha2: 'US', countryAlpha3: 'USA', countryNumeric: 840, timezone: 'America/Chicago', timezoneRawOffset: '-21600', timezoneAbbr: 'CST', phonePrefix: '+1 312' },
  { city: 'Toronto', state: 'Ontario', stateAbbr: 'ON', county: 'Toronto', postCode: 'M5H 2N2', country: 'Canada', countryAbbr: 'CA', countryAlpha2: 'CA', countryAlpha3: 'CAN', countryNumeric: 124, timezone: 'America/Toronto', timezoneRawOffset: '-18000', timezoneAbbr: 'EST', phonePrefix: '+1 416' },
  { city: 'London', state: 'England', stateAbbr: 'ENG', county: 'Greater London', postCode: 'EC2V 7HH', country: 'United Kingdom', countryAbbr: 'UK', countryAlpha2: 'GB', countryAlpha3: 'GBR', countryNumeric: 826, timezone: 'Europe/London', timezoneRawOffset: '0', timezoneAbbr: 'GMT', phonePrefix: '+44 20' },
  { city: 'Berlin', state: 'Berlin', stateAbbr: 'BE', county: 'Berlin', postCode: '10115', country: 'Germany', countryAbbr: 'DE', countryAlpha2: 'DE', countryAlpha3: 'DEU', countryNumeric: 276, timezone: 'Europe/Berlin', timezoneRawOffset: '3600', timezoneAbbr: 'CET', phonePrefix: '+49 30' },
  { city: 'Paris', state: 'Île-de-France', stateAbbr: 'IDF', county: 'Paris', postCode: '75002', country: 'France', countryAbbr: 'FR', countryAlpha2: 'FR', countryAlpha3: 'FRA', countryNumeric: 250, timezone: 'Europe/Paris', timezoneRawOffset: '3600', timezoneAbbr: 'CET', phonePrefix: '+33 1' },
  { city: 'Sydney', state: 'New South Wales', stateAbbr: 'NSW', county: 'Sydney', postCode: '2000', country: 'Australia', countryAbbr: 'AU', countryAlpha2: 'AU', countryAlpha3: 'AUS', countryNumeric: 36, timezone: 'Australia/Sydney', timezoneRawOffset: '36000', timezoneAbbr: 'AEST', phonePrefix: '+61 2' },
];

export const STREETS = ['Market Street', 'Main Street', 'Harbour Road', 'King Street', 'Park Avenue', 'Station Road', 'Elm Street', 'Queen Street'];
export const EMAIL_LABELS = ['Valid', 'Accept All', 'Unknown', 'Invalid'];
export const PHONE_TYPES = ['Mobile', 'Direct Dial', 'Landline', 'VoIP'];

import { sql, type SQL } from 'drizzle-orm';
import { CIS_RATES } from '@docket/schemas/vat';
import { clients } from '../../db/schema.ts';
import { booleanJson, integerJson, objectJson, stringJson, timestampJson } from '../../db/answer-json.ts';

/**
 * One client's answer (TClient) as JSON text, key for key as toClientDto and JSON.stringify
 * write it: cisRate only when it is one of CIS_RATES.
 */
export const clientAnswerJson = (): SQL<string> =>
  objectJson([
    ['id', stringJson(clients.id)],
    ['name', stringJson(clients.name)],
    ['email', stringJson(clients.email)],
    ['phone', stringJson(clients.phone)],
    ['address', stringJson(clients.address)],
    ['isBusiness', booleanJson(clients.isBusiness)],
    ['vatNumber', stringJson(clients.vatNumber)],
    ['cisRate', integerJson(clients.cisRate), sql`${clients.cisRate} in ${sql.raw(`(${CIS_RATES.join(', ')})`)}`],
    ['createdAt', timestampJson(clients.createdAt)],
    ['updatedAt', timestampJson(clients.updatedAt)],
  ]);

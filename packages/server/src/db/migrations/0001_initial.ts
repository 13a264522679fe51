import type { Kysely } from 'kysely';

// Written with Kysely's schema builder only, so the same migration runs on SQLite and PostgreSQL.
// Types: 'bigint' is INTEGER affinity in SQLite and int8 in PostgreSQL.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('blocks')
    .addColumn('chain_id', 'bigint', (c) => c.notNull())
    .addColumn('number', 'bigint', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull())
    .addColumn('parent_hash', 'text', (c) => c.notNull())
    .addColumn('timestamp', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('blocks_pk', ['chain_id', 'number'])
    .execute();

  await db.schema
    .createTable('transactions')
    .addColumn('chain_id', 'bigint', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull())
    .addColumn('block_number', 'bigint', (c) => c.notNull())
    .addColumn('tx_index', 'integer', (c) => c.notNull())
    .addColumn('from_address', 'text', (c) => c.notNull())
    .addColumn('to_address', 'text')
    .addColumn('created_address', 'text')
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('nonce', 'bigint', (c) => c.notNull())
    .addColumn('selector', 'text')
    .addColumn('timestamp', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('transactions_pk', ['chain_id', 'hash'])
    .execute();
  await db.schema.createIndex('transactions_block').on('transactions').columns(['chain_id', 'block_number']).execute();

  await db.schema
    .createTable('transfers')
    .addColumn('chain_id', 'bigint', (c) => c.notNull())
    .addColumn('tx_hash', 'text', (c) => c.notNull())
    .addColumn('log_index', 'integer', (c) => c.notNull())
    .addColumn('block_number', 'bigint', (c) => c.notNull())
    .addColumn('standard', 'text', (c) => c.notNull())
    .addColumn('contract', 'text')
    .addColumn('from_address', 'text', (c) => c.notNull())
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('amount', 'text', (c) => c.notNull())
    .addColumn('token_id', 'text')
    .addPrimaryKeyConstraint('transfers_pk', ['chain_id', 'tx_hash', 'log_index'])
    .execute();
  await db.schema.createIndex('transfers_block').on('transfers').columns(['chain_id', 'block_number']).execute();
  await db.schema.createIndex('transfers_to').on('transfers').columns(['chain_id', 'to_address', 'standard']).execute();
  await db.schema.createIndex('transfers_from').on('transfers').columns(['chain_id', 'from_address', 'standard']).execute();

  await db.schema
    .createTable('account_transactions')
    .addColumn('chain_id', 'bigint', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('tx_hash', 'text', (c) => c.notNull())
    .addColumn('block_number', 'bigint', (c) => c.notNull())
    .addColumn('tx_index', 'integer', (c) => c.notNull())
    .addColumn('timestamp', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('account_transactions_pk', ['chain_id', 'address', 'tx_hash'])
    .execute();
  // The history query: one address, newest first.
  await db.schema
    .createIndex('account_transactions_history')
    .on('account_transactions')
    .columns(['address', 'timestamp', 'chain_id', 'block_number', 'tx_index'])
    .execute();
  await db.schema.createIndex('account_transactions_block').on('account_transactions').columns(['chain_id', 'block_number']).execute();

  await db.schema
    .createTable('tokens')
    .addColumn('chain_id', 'bigint', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('standard', 'text', (c) => c.notNull())
    .addColumn('name', 'text')
    .addColumn('symbol', 'text')
    .addColumn('decimals', 'integer')
    .addPrimaryKeyConstraint('tokens_pk', ['chain_id', 'address'])
    .execute();

  await db.schema
    .createTable('nft_items')
    .addColumn('chain_id', 'bigint', (c) => c.notNull())
    .addColumn('contract', 'text', (c) => c.notNull())
    .addColumn('token_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text')
    .addColumn('image_url', 'text')
    .addPrimaryKeyConstraint('nft_items_pk', ['chain_id', 'contract', 'token_id'])
    .execute();

  await db.schema
    .createTable('names')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('avatar', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('names_address').on('names').columns(['address', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['names', 'nft_items', 'tokens', 'account_transactions', 'transfers', 'transactions', 'blocks']) {
    await db.schema.dropTable(table).execute();
  }
}

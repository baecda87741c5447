process.env.TEST_DB_URL = process.env.TEST_DB_URL_POSTGRES;
process.env.TEST_DB_KIND = 'postgres';

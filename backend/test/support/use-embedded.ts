process.env.TEST_DB_URL = process.env.TEST_DB_URL_EMBEDDED;
process.env.TEST_DB_KIND = 'embedded';

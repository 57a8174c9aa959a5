return { name = 'i18n', plural = require 'i18n.plural' }

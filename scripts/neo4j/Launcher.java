// Starts a Neo4j Community DBMS with Bolt on 127.0.0.1 for omseval's tests and local runs.
// Usage: java -cp 'lib/*:.' Launcher <home-dir> <bolt-port>; stops on SIGTERM.
import java.nio.file.Path;
import org.neo4j.configuration.GraphDatabaseSettings;
import org.neo4j.io.ByteUnit;
import org.neo4j.configuration.connectors.BoltConnector;
import org.neo4j.configuration.helpers.SocketAddress;
import org.neo4j.dbms.api.DatabaseManagementService;
import org.neo4j.dbms.api.DatabaseManagementServiceBuilder;

public class Launcher {
    public static void main(String[] args) throws Exception {
        DatabaseManagementService dbms = new DatabaseManagementServiceBuilder(Path.of(args[0]))
                .setConfig(BoltConnector.enabled, true)
                .setConfig(BoltConnector.listen_address, new SocketAddress("127.0.0.1", Integer.parseInt(args[1])))
                .setConfig(GraphDatabaseSettings.auth_enabled, false)
                .setConfig(GraphDatabaseSettings.pagecache_memory, ByteUnit.mebiBytes(256))
                .build();
        Runtime.getRuntime().addShutdownHook(new Thread(dbms::shutdown));
        System.out.println("neo4j ready on bolt://127.0.0.1:" + args[1]);
        Thread.currentThread().join();
    }
}
